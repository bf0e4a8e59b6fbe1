import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyPluginAsync, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Area } from './access.ts';
import { googleJwks, requireRole, type JwksSource, type SessionUser } from './auth.ts';
import type { Db } from './db.ts';
import { answerClientError, answerFrameworkError, forbidden, installErrorHandler, notFound, unauthorized } from './errors.ts';
import { installJsonParser } from './json-body.ts';
import { checkRequestData, DEFAULT_MAX_DEPTH, JSON_BODY_LIMIT, setOwn, UPLOAD_BODY_LIMIT } from './safe-input.ts';
import { checkUploadUrl, signUploads, stripUploadSignatures, UploadSigner } from './upload-url.ts';
import { acceptsGzip, HASHED_ASSET, readBuiltAssets, readRoutePreloads, withRoutePreloads, type RoutePreloads } from './built-assets.ts';
import { defaultMailFrom, smtpSender, type MailOptions, type MailSender } from './mailer.ts';
import inspectionRoutes from './routes/inspections.ts';
import lookupRoutes from './routes/lookups.ts';
import performanceRoutes from './routes/performance.ts';
import registryRoutes from './routes/registry.ts';
import reviewRoutes from './routes/review.ts';
import sessionRoutes from './routes/session.ts';
import adminRoutes from './routes/admin.ts';
import bikeRoutes from './routes/bike.ts';
import bikeMainRoutes from './routes/bike-main.ts';
import commentRoutes from './routes/comments.ts';
import configStudioRoutes from './routes/config-studio.ts';
import docsRoutes from './routes/docs.ts';
import imageRoutes from './routes/images.ts';
import gsRoutes from './routes/gs.ts';
import liveRoutes from './routes/live.ts';
import publicRoutes from './routes/public.ts';
import remarkRoutes from './routes/remarks.ts';
import refurbishmentRoutes from './routes/refurbishment.ts';
import riMailRoutes from './routes/ri-mail.ts';
import variantRoutes from './routes/variants.ts';
import { SessionCache, type SessionCacheOptions } from './session-cache.ts';
import { engineSubmissionCheck, type SubmissionValidator } from './submission-check.ts';

export interface AppOptions {
  db: Db;
  authMode: 'dev' | 'google';
  /** Uploaded and seeded images, served at /uploads/…. */
  uploadsDir: string;
  /** The built app (./dist): served with an index.html fallback for non-API paths. */
  staticDir?: string;
  google?: { clientId?: string; allowedDomains?: string[]; jwks?: JwksSource };
  /** Bearer token lifetime (default 12 h). */
  tokenTtlMs?: number;
  /** Re-runs the review engine's checks on a submission (default: the car engine's validateBeforeSubmit). */
  validateSubmission?: SubmissionValidator;
  /** Fastify logger options; a request serializer that redacts tokens (URL `token=…`, authorization) is added. */
  logger?: FastifyServerOptions['logger'];
  /** RI mail over SMTP (SMTP_URL, MAIL_FROM); without `smtpUrl` mails are only stored in `email_outbox`. */
  mail?: MailOptions;
  /** Where users reach this server (PUBLIC_URL): links in mails are made absolute against it. */
  publicUrl?: string;
  /**
   * Other origins the served app loads from (CONTENT_ORIGINS): the API hosts of a build pointed at another backend
   * (VITE_API_BASE …) and its image and video hosts, which the Content-Security-Policy lets the page call and show.
   */
  contentOrigins?: readonly string[];
  /**
   * HMAC key of the public pages' signed links (server/link-token.ts) and of signed upload URLs
   * (server/upload-url.ts); a random one per process when unset.
   */
  linkSecret?: string;
  /** Sign-in attempts per client address and account per window (default 30 a minute); more answer 429. */
  signInLimit?: { max: number; timeWindowMs: number };
  /** The session guard's cache (server/session-cache.ts). */
  sessionCache?: SessionCacheOptions;
}

export interface AppContext {
  authMode: 'dev' | 'google';
  uploadsDir: string;
  googleClientId?: string;
  allowedDomains: string[];
  jwks: JwksSource;
  tokenTtlMs: number;
  validateSubmission: SubmissionValidator;
  /** Set when SMTP_URL is configured: RI mails are sent in the request (server/README.md 'RI mail'). */
  mailer: { sender: MailSender; from: string } | null;
  publicUrl?: string;
  linkSecret: string;
  /** Signs the upload URLs of every answer with linkSecret (server/upload-url.ts). */
  uploadSigner: UploadSigner;
  signInLimit: { max: number; timeWindowMs: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    ctx: AppContext;
    /** The session guard's reads and the sign-outs (server/session-cache.ts). */
    sessions: SessionCache;
    /** Every API route as registered, with its access: the table the security tests walk (tests/security). */
    apiRoutes: ApiRoute[];
  }
  interface FastifyRequest {
    user: SessionUser | null;
    token: string | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route: an area of server/access.ts, or 'public' (sign-in, API docs). */
    access?: Area | 'public';
    /** Deepest nesting a body, query or params may have (default DEFAULT_MAX_DEPTH of server/safe-input.ts). */
    maxDepth?: number;
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Area | 'public';
  multipart: boolean;
}

const API_PREFIXES = ['/api/', '/bike-api/', '/docs-api/'];

/** One Fastify plugin per API area and the host prefix it serves (DESIGN.md 'API hosts'); server/README.md. */
const ROUTE_PLUGINS: [FastifyPluginAsync, string][] = [
  [sessionRoutes, '/api'],
  [inspectionRoutes, '/api'],
  [reviewRoutes, '/api'],
  [lookupRoutes, '/api'],
  [performanceRoutes, '/api'],
  [registryRoutes, '/api'],
  [remarkRoutes, '/api'],
  [commentRoutes, '/api'],
  [imageRoutes, '/api'],
  [riMailRoutes, '/api'],
  [adminRoutes, '/api'],
  [variantRoutes, '/api'],
  [liveRoutes, '/api'],
  [refurbishmentRoutes, '/api'],
  [gsRoutes, '/api'],
  [publicRoutes, '/api'],
  [docsRoutes, '/docs-api'],
  [bikeMainRoutes, '/api'],
  [bikeRoutes, '/bike-api'],
  [configStudioRoutes, '/api'],
];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';
/**
 * A request for a file: the build's assets/ folder, or a name with a static file's extension. A missing one is a 404:
 * the app's page in its place would reach a browser asking for an old build's script as HTML it cannot run, and
 * every page's automatic /favicon.ico request would read and send the page.
 */
const FILE_PATH = /^\/assets\/|\.(?:js|mjs|css|map|ico|png|jpe?g|gif|svg|webp|json|txt|woff2?|ttf)$/i;
/** A path a browser opens as a page (the app's routes): not the API's, not an upload's, not a file's. */
const isPagePath = (path: string) => !isApiPath(path) && !path.startsWith('/uploads/') && !FILE_PATH.test(path);

const REDACTED = '[redacted]';
/** `token=` (the SSE stream's bearer token, routes/live.ts) and its OAuth-style cousins in a query string. */
const TOKEN_PARAM = /([?&](?:access_|id_)?token=)[^&#]*/gi;

/** A URL as it may be logged: the value of every token query parameter replaced by '[redacted]'. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_PARAM, `$1${REDACTED}`);
}

/** Fastify's own request serializer (lib/logger-pino.js), which the logger options replace when they name one. */
function fastifyRequest(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: req.url,
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/**
 * The logger options with a request serializer that never lets a bearer token into the logs: the SSE stream takes it
 * as `?token=` (EventSource sends no headers), and any `authorization` header a serializer includes is masked too.
 * A `req` serializer of the given options still runs; its output is redacted.
 */
export function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  const serializers = (options as { serializers?: Record<string, (value: never) => unknown> }).serializers ?? {};
  const base = (serializers.req as ((req: FastifyRequest) => unknown) | undefined) ?? fastifyRequest;
  const req = (request: FastifyRequest) => {
    const out = base(request);
    if (!out || typeof out !== 'object') return out;
    const logged = { ...(out as Record<string, unknown>) };
    if (typeof logged.url === 'string') logged.url = redactUrl(logged.url);
    if (logged.headers && typeof logged.headers === 'object') {
      const headers = { ...(logged.headers as Record<string, unknown>) };
      for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') setOwn(headers, name, REDACTED);
      logged.headers = headers;
    }
    return logged;
  };
  return { ...options, serializers: { ...serializers, req } } as FastifyServerOptions['logger'];
}

/** The whole server as a Fastify instance (no listen): API, uploads, OpenAPI document and the built app. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const allowedDomains = (opts.google?.allowedDomains ?? ['qc.example']).map((d) => d.toLowerCase());
  const app = Fastify({
    logger: redactingLogger(opts.logger ?? false),
    bodyLimit: 10 * 1024 * 1024,
    ajv: { customOptions: { allErrors: false, coerceTypes: 'array', removeAdditional: false, useDefaults: true, allowUnionTypes: true } },
    frameworkErrors: (error, request, reply) => answerFrameworkError(error, request, reply, isPagePath),
    clientErrorHandler: (error, socket) => answerClientError(error, socket, isPagePath),
  });
  app.decorate('db', opts.db);
  const linkSecret = opts.linkSecret ?? randomBytes(32).toString('hex');
  app.decorate('ctx', {
    authMode: opts.authMode,
    uploadsDir: opts.uploadsDir,
    googleClientId: opts.google?.clientId,
    allowedDomains,
    jwks: opts.google?.jwks ?? googleJwks(),
    tokenTtlMs: opts.tokenTtlMs ?? 12 * 3_600_000,
    validateSubmission: opts.validateSubmission ?? engineSubmissionCheck(),
    publicUrl: opts.publicUrl,
    linkSecret,
    uploadSigner: new UploadSigner(linkSecret),
    signInLimit: opts.signInLimit ?? { max: 30, timeWindowMs: 60_000 },
    mailer: opts.mail?.smtpUrl
      ? { sender: smtpSender(opts.mail.smtpUrl, opts.mail.timeoutMs), from: opts.mail.from || defaultMailFrom(opts.mail.smtpUrl, allowedDomains) }
      : null,
  });
  app.addHook('onClose', async () => app.ctx.mailer?.sender.close());
  const sessions = new SessionCache(opts.db, opts.sessionCache);
  await sessions.start();
  app.decorate('sessions', sessions);
  app.addHook('onClose', async () => sessions.stop());
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  installErrorHandler(app);
  installJsonParser(app);

  // Every API route states who may call it; the guard is attached here so none can be forgotten.
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${route.method} ${route.url}: config.access is required (an area or 'public')`);
    const multipart = !!(route.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data');
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access, multipart });
    route.bodyLimit ??= multipart ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT;
    // Reserved keys, NUL bytes and deep nesting are refused before the schema and the handler see the data.
    const maxDepth = route.config?.maxDepth ?? DEFAULT_MAX_DEPTH;
    const check = async (request: FastifyRequest) => {
      checkRequestData(request.query, maxDepth);
      checkRequestData(request.params, maxDepth);
      if (!request.isMultipart()) checkRequestData(request.body, maxDepth);
      // Upload URLs the client was given come back signed; only the bare path is compared and stored.
      stripUploadSignatures(request.query);
      if (!request.isMultipart()) request.body = stripUploadSignatures(request.body);
    };
    route.preValidation = route.preValidation ? [check, ...(Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation])] : [check];
    // Again after the schema coerced query text to numbers: `page=Infinity` or `records=1e999` is refused here.
    const coerced = async (request: FastifyRequest) => checkRequestData(request.query, maxDepth);
    route.preHandler = route.preHandler ? [coerced, ...(Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler])] : [coerced];
    // Every upload URL in an answer is signed for the caller the route let in (server/upload-url.ts).
    const sign = async (_request: FastifyRequest, _reply: FastifyReply, payload: unknown) => signUploads(app.ctx.uploadSigner, payload);
    route.preSerialization = route.preSerialization ? [...(Array.isArray(route.preSerialization) ? route.preSerialization : [route.preSerialization]), sign] : [sign];
    if (access === 'public') return;
    const guard = requireRole(access);
    route.onRequest = route.onRequest ? [guard, ...(Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest])] : [guard];
  });

  // Security headers on every answer (issue 11 defect 6): the built app has no inline script, so scripts come from
  // this origin and Google Identity Services only; inline styles stay allowed (toasts and widgets inject <style>).
  const tls = !!opts.publicUrl?.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:', ...(opts.contentOrigins ?? [])],
        mediaSrc: ["'self'", 'blob:', ...(opts.contentOrigins ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/', ...(opts.contentOrigins ?? [])],
        frameSrc: ['https://accounts.google.com/gsi/'],
        workerSrc: ["'self'", 'blob:'],
        ...(tls ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Google's sign-in popup talks back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    hsts: tls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Only routes that ask for it (sign-in) are limited; the count is per process (a brake on guessing, not a quota).
  await app.register(fastifyRateLimit, { global: false });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'QC review panel API', version: '1.0.0', description: 'Car flow of spec 000 §7 under /api/.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });

  for (const [plugin, prefix] of ROUTE_PLUGINS) await app.register(plugin, { prefix });

  app.get('/api/docs/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  // Uploaded files only by a signed, expiring URL that an API answer handed out (issue 11 defect 5).
  await app.register(async (uploads) => {
    uploads.addHook('onRequest', async (request) => {
      const { exp, sig } = request.query as { exp?: unknown; sig?: unknown };
      const verdict = checkUploadUrl(app.ctx.linkSecret, request.url.split('?')[0], exp, sig);
      if (verdict === 'missing') throw unauthorized('Files open only from a link the app gives out; please sign in and open it there');
      if (verdict === 'invalid') throw forbidden('This file link is not valid');
      if (verdict === 'expired') throw forbidden('This file link has expired; reload the page to get a new one');
    });
    await uploads.register(fastifyStatic, { root: resolve(opts.uploadsDir), prefix: '/uploads/', decorateReply: false, index: false });
  });
  const staticDir = opts.staticDir && existsSync(join(opts.staticDir, 'index.html')) ? resolve(opts.staticDir) : null;
  let preloads: RoutePreloads = {};
  if (staticDir) {
    preloads = readRoutePreloads(staticDir);
    const assets = readBuiltAssets(staticDir);
    const IMMUTABLE = 'public, max-age=31536000, immutable';
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const path = request.url.split('?')[0];
      const asset = assets.get(path);
      if (!asset) return;
      const gzip = asset.gzip && acceptsGzip(request.headers['accept-encoding']);
      reply.header('content-type', asset.type).header('cache-control', IMMUTABLE).header('vary', 'accept-encoding');
      if (gzip) reply.header('content-encoding', 'gzip');
      return reply.send(gzip ? asset.gzip : asset.body);
    });
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: false,
      // Vite names every built asset by its content hash: a browser may keep one for good. Other files (index.html, the
      // public folder's) are revalidated on each use, so a new build reaches users on their next load.
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', HASHED_ASSET.test(path) ? IMMUTABLE : 'no-cache'),
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    if (staticDir && request.method === 'GET' && isPagePath(path)) {
      // Read on each request: a new build in the directory reaches the next load.
      const html = await readFile(join(staticDir, 'index.html'), 'utf8');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(withRoutePreloads(html, preloads, path));
    }
    throw notFound(`No route for ${request.method} ${path}`);
  });
  return app;
}
