import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Revalidated caching for rarely-changing GET answers (issue 18 'Load': lookups): each 200 answer gets an ETag (a
 * hash of its body) and `Cache-Control: private, no-cache`, so the browser keeps it and asks again with
 * If-None-Match; an unchanged answer is then a bodiless 304. Never served stale (no max-age): lookups can change and
 * some answer per user, whose cache the private directive keeps out of shared caches.
 */
export function revalidatedGets(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    void reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'authorization');
    const asked = request.headers['if-none-match'];
    if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      void reply.code(304);
      return '';
    }
    return payload;
  });
}
