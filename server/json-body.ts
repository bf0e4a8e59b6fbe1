/**
 * The API's JSON body parser: Fastify's own (secure-json-parse refusing `__proto__` and `constructor.prototype`), but a
 * body refused for such a key says which key, as the same key in a query or a path does ('The name __proto__ is not
 * allowed as a field.'), instead of Fastify's 'not valid JSON' for both.
 */
import type { FastifyInstance } from 'fastify';
import { errorCodes } from 'fastify';
import { parse as secureParse } from 'secure-json-parse';
import { checkRequestData } from './safe-input.ts';

export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    try {
      return done(null, secureParse(text, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      // Only on the refusal path: JSON that parses plainly was refused for a reserved key, which the data check names.
      let plain: unknown;
      try {
        plain = JSON.parse(text);
      } catch {
        return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
      }
      try {
        checkRequestData(plain, Number.POSITIVE_INFINITY);
      } catch (refusal) {
        return done(refusal as Error, undefined);
      }
      return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
    }
  });
}
