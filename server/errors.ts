import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sizeInWords } from '../src/engine/limits.ts';
import { plainSchemaFailure } from '../src/engine/validation-text.ts';

/** An answer other than 2xx, sent as `{ message, detail }` (docs/architecture.md). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly detail: string = message,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, 'Bad Request', detail);
export const unauthorized = (detail = 'Please sign in again') => new HttpError(401, 'Unauthorized', detail);
export const forbidden = (detail: string) => new HttpError(403, 'Forbidden', detail);
export const notFound = (detail: string) => new HttpError(404, 'Not Found', detail);
export const conflict = (detail: string) => new HttpError(409, 'Conflict', detail);

/** The JSON Schema of every error answer, for the OpenAPI document. */
export const errorSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, detail: { type: 'string' } },
  required: ['message', 'detail'],
} as const;

/**
 * PostgreSQL refusing a value the route schemas let through (a number past int4, a malformed date): bad input,
 * so 400 rather than 500, whichever route passed it on.
 */
const PG_INPUT_ERRORS: Readonly<Record<string, string>> = {
  '22001': 'A text value is too long',
  '22003': 'A number is out of range',
  '22007': 'A date or time has the wrong format',
  '22008': 'A date or time is out of range',
  '22P02': 'A value has the wrong format',
  '22009': 'A date or time has the wrong format',
  '22021': 'A text value contains bytes that are not allowed',
  '22P05': 'A text value contains bytes that are not allowed',
  '54001': 'The request is nested too deeply',
};

/**
 * Fastify's own refusals whose text is a parser's or a library's (a JSON syntax error names a byte position; a
 * refusal before routing quotes the whole address back).
 */
const FASTIFY_TEXT: Readonly<Record<string, string>> = {
  FST_ERR_BAD_URL: 'The address of this request is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'A value in the address of this request is too long',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This call does not accept that content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its length',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
};

/** A body over the route's limit, said with its size and the limit (the config studio shows it as it is). */
function tooLarge(request: FastifyRequest): string {
  const limit = sizeInWords(request.routeOptions.bodyLimit);
  const length = Number(request.headers['content-length']);
  return Number.isFinite(length) && length > 0 ? `The request is too large: ${sizeInWords(length)}, and this call takes at most ${limit}.` : `The request is too large: this call takes at most ${limit}.`;
}

/**
 * One error handler for the whole API: schema failures become 400 with the failing field named,
 * known errors keep their status, anything unexpected is logged and answered 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, detail: error.detail });
    }
    if (error.validation) {
      // The validator's own text ('body/remark must NOT have more than 2000 characters') goes to the log only.
      request.log.info({ validation: error.message }, 'request refused by its schema');
      const [first] = error.validation;
      return reply.status(400).send({ message: 'Bad Request', detail: first ? plainSchemaFailure(first) : 'The request is not valid.' });
    }
    const pgCode = (error as { code?: unknown }).code;
    if (typeof pgCode === 'string' && Object.hasOwn(PG_INPUT_ERRORS, pgCode)) {
      return reply.status(400).send({ message: 'Bad Request', detail: PG_INPUT_ERRORS[pgCode] });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ message: 'Payload Too Large', detail: tooLarge(request) });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail = error instanceof SyntaxError ? FASTIFY_TEXT.FST_ERR_CTP_INVALID_JSON_BODY : Object.hasOwn(FASTIFY_TEXT, error.code) ? FASTIFY_TEXT[error.code] : error.message;
      // The status's own name, as answerFrameworkError gives it: the error's message is a library's sentence.
      return reply.status(status).send({ message: STATUS_CODES[status] ?? 'Bad Request', detail });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal Server Error', detail: 'Something went wrong, please try again' });
  });
}

/**
 * Fastify's refusals before routing (Fastify's `frameworkErrors`: an address that does not decode, a path value past
 * the router's length), in the API's `{ message, detail }` with the status Fastify gives them (anything else: 400).
 * A GET of a page's address (`isPage`, on the path as sent) is a browser opening it: the small page of
 * answerClientError, which the browser shows instead of JSON.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply, isPage: (path: string) => boolean): void {
  const known = Object.hasOwn(FASTIFY_TEXT, error.code);
  const status = known ? (error.statusCode ?? 400) : 400;
  const label = STATUS_CODES[status] ?? 'Bad Request';
  const detail = known ? FASTIFY_TEXT[error.code] : FASTIFY_TEXT.FST_ERR_BAD_URL;
  const path = request.raw.url?.split('?')[0] ?? '';
  if ((request.method === 'GET' || request.method === 'HEAD') && isPage(path)) {
    void reply.code(status).type('text/html; charset=utf-8').send(refusalPage(label, detail));
    return;
  }
  void reply.code(status).send({ message: label, detail });
}

/** Node's refusals of a request it could not parse, by its error code: status and sentence (else 400). */
const CLIENT_ERROR_TEXT: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'The address or the headers of this request are too long'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/** The request line of the bytes Node had read when it refused a request: method and path, or null. */
function requestLine(raw: unknown): { method: string; path: string } | null {
  if (!Buffer.isBuffer(raw)) return null;
  const match = /^([A-Z]+) (\/[^ ?\r\n]*)/.exec(raw.subarray(0, 4096).toString('latin1'));
  return match ? { method: match[1], path: match[2] } : null;
}

/** The page a browser shows for a refused page address: the sentence and a way back, no server text. */
function refusalPage(label: string, detail: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${label}</title></head><body><p>${detail}.</p><p><a href="/">Open the QC panel</a></p></body></html>`;
}

/**
 * Node's refusals of a request it could not even parse (headers or address past its limit, a request that took too
 * long, malformed HTTP), in the API's `{ message, detail }` and words: Fastify's default answer has a shape of its
 * own. A GET of a page's address (`isPage`: not an API or upload path, read from the request line Node had read) is
 * a browser opening it: that gets a small page with the same sentence, which the browser shows instead of JSON.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket, isPage: (path: string) => boolean): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = error.code && Object.hasOwn(CLIENT_ERROR_TEXT, error.code) ? CLIENT_ERROR_TEXT[error.code] : [400, 'The request could not be read'];
  const label = STATUS_CODES[status] ?? 'Bad Request';
  const line = requestLine(error.rawPacket);
  const page = line !== null && (line.method === 'GET' || line.method === 'HEAD') && isPage(line.path);
  const body = page ? refusalPage(label, detail) : JSON.stringify({ message: label, detail });
  const type = page ? 'text/html' : 'application/json';
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${label}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: ${type}; charset=utf-8\r\nConnection: close\r\n\r\n${line?.method === 'HEAD' ? '' : body}`);
  }
  socket.destroy(error);
}
