import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { AUTO_ASSIGNMENT_CHANNEL, noticeSchema, readRecord, type AutoAssignmentRecord } from '../repos/auto-assignment.ts';
import { acknowledge, parseNotice, resetRecord } from '../services/auto-assignment.ts';
import { currentUser, userForToken } from '../auth.ts';
import { detailOf, guardedErrors, utm } from '../schemas.ts';

const HEARTBEAT_MS = 25_000;

const recordSchema = {
  type: 'object',
  properties: { email: { type: 'string' }, status: { type: 'string', enum: ['pending', 'changed'] }, carId: { type: 'integer', nullable: true }, updatedAt: { type: 'string' } },
  required: ['email', 'status'],
} as const;

interface Stream {
  email: string;
  token: string;
  raw: ServerResponse;
}

const send = (raw: ServerResponse, record: AutoAssignmentRecord) => raw.write(`event: message\ndata: ${JSON.stringify(record)}\n\n`);

/**
 * The live auto-assignment subscription (DESIGN.md 'Live updates', spec 000 §4): a server-sent-events stream per
 * user, fed by LISTEN/NOTIFY so a change made by any server process reaches every open stream. One LISTEN per
 * process fans out to that process's streams; nothing about a stream is needed by another process. The records and
 * their rules are in services/auto-assignment.ts; this plugin is the stream's transport.
 */
const liveRoutes: FastifyPluginAsync = async (app) => {
  const streams = new Set<Stream>();
  let schema: string | null = null;
  let stopListening: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;

  async function deliver(email: string) {
    const targets = [...streams].filter((s) => s.email === email);
    if (!targets.length) return;
    const record = await readRecord(app.db, email);
    for (const stream of targets) send(stream.raw, record);
    await acknowledge(app.db, record);
  }

  /** LISTEN lazily, on the first stream: a process nobody watches holds no extra connection. */
  function ensureListening(): Promise<void> {
    starting ??= (async () => {
      schema = await noticeSchema(app.db);
      stopListening = await app.db.listen(AUTO_ASSIGNMENT_CHANNEL, (payload) => {
        const notice = parseNotice(payload);
        if (!notice || notice.schema !== schema) return;
        deliver(notice.email).catch((error) => app.log.warn({ err: error }, 'auto-assignment delivery failed'));
      });
    })().catch((error) => {
      starting = null;
      throw error;
    });
    return starting;
  }

  // EventSource cannot send headers: a `token` query parameter stands in for the bearer header on this route only.
  app.addHook('onRequest', async (request) => {
    const token = (request.query as { token?: unknown } | undefined)?.token;
    if (!request.headers.authorization && typeof token === 'string' && token) request.headers.authorization = `Bearer ${token}`;
  });

  const heartbeat = setInterval(() => {
    for (const stream of streams) {
      userForToken(app.db, stream.token)
        .then((user) => {
          if (user) stream.raw.write(': keep-alive\n\n');
          else stream.raw.end();
        })
        .catch(() => undefined);
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const stream of streams) stream.raw.end();
    streams.clear();
  });
  app.addHook('onClose', async () => {
    await stopListening?.().catch(() => undefined);
  });

  app.get(
    '/v2/live/auto-assignment',
    {
      config: { access: 'live' },
      schema: {
        summary:
          'Server-sent events: the caller\'s auto-assignment record now and on every change (data: {email, status, carId, updatedAt}); ' +
          'a delivered \'changed\' is reset to \'pending\' by the server; the bearer token may come as ?token= (EventSource sends no headers)',
        querystring: { type: 'object', properties: { ...utm, token: { type: 'string', maxLength: 200 } } },
        response: { 200: { description: 'text/event-stream', type: 'string' }, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await ensureListening();
      const email = me.email.toLowerCase();
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 5000\n\n');
      const stream: Stream = { email, token: request.token!, raw };
      streams.add(stream);
      // The response's close (not the request's, which ends once its empty body is read) marks the client gone.
      raw.on('close', () => streams.delete(stream));
      const record = await readRecord(app.db, email);
      send(raw, record);
      // After hijack an error can no longer become an answer: log it (the record stays 'changed' for the next try).
      await acknowledge(app.db, record).catch((error) => app.log.warn({ err: error }, 'auto-assignment acknowledge failed'));
    },
  );

  app.patch(
    '/v2/live/auto-assignment',
    {
      config: { access: 'live' },
      schema: {
        summary: "Reset the caller's auto-assignment record to 'pending' after reloading the list",
        querystring: { type: 'object', properties: utm },
        body: { type: 'object', properties: { status: { type: 'string', enum: ['pending'] } }, required: ['status'] },
        response: { 200: detailOf(recordSchema), ...guardedErrors },
      },
    },
    async (request) => ({ detail: await resetRecord(app.db, currentUser(request).email) }),
  );
};

export default liveRoutes;
