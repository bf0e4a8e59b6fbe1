import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { Area } from './access.ts';
import { googleJwks, requireRole, type JwksSource, type SessionUser } from './auth.ts';
import type { Db } from './db.ts';
import { installErrorHandler, notFound } from './errors.ts';
import inspectionRoutes from './routes/inspections.ts';
import lookupRoutes from './routes/lookups.ts';
import performanceRoutes from './routes/performance.ts';
import registryRoutes from './routes/registry.ts';
import reviewRoutes from './routes/review.ts';
import sessionRoutes from './routes/session.ts';
import adminRoutes from './routes/admin.ts';
import commentRoutes from './routes/comments.ts';
import docsRoutes from './routes/docs.ts';
import imageRoutes from './routes/images.ts';
import liveRoutes from './routes/live.ts';
import remarkRoutes from './routes/remarks.ts';
import riMailRoutes from './routes/ri-mail.ts';
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
  logger?: FastifyServerOptions['logger'];
}

export interface AppContext {
  authMode: 'dev' | 'google';
  uploadsDir: string;
  googleClientId?: string;
  allowedDomains: string[];
  jwks: JwksSource;
  tokenTtlMs: number;
  validateSubmission: SubmissionValidator;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    token: string | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route: an area of server/access.ts, or 'public' (sign-in, API docs). */
    access?: Area | 'public';
  }
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
  [liveRoutes, '/api'],
  [docsRoutes, '/docs-api'],
];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';

/** The whole server as a Fastify instance (no listen): API, uploads, OpenAPI document and the built app. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 10 * 1024 * 1024,
    ajv: { customOptions: { allErrors: false, coerceTypes: 'array', removeAdditional: false, useDefaults: true, allowUnionTypes: true } },
  });
  app.decorate('db', opts.db);
  app.decorate('ctx', {
    authMode: opts.authMode,
    uploadsDir: opts.uploadsDir,
    googleClientId: opts.google?.clientId,
    allowedDomains: (opts.google?.allowedDomains ?? ['qc.example']).map((d) => d.toLowerCase()),
    jwks: opts.google?.jwks ?? googleJwks(),
    tokenTtlMs: opts.tokenTtlMs ?? 12 * 3_600_000,
    validateSubmission: opts.validateSubmission ?? engineSubmissionCheck(),
  });
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  installErrorHandler(app);

  // Every API route states who may call it; the guard is attached here so none can be forgotten.
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${route.method} ${route.url}: config.access is required (an area or 'public')`);
    if (access === 'public') return;
    const guard = requireRole(access);
    route.onRequest = route.onRequest ? [guard, ...(Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest])] : [guard];
  });

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

  await app.register(fastifyStatic, { root: resolve(opts.uploadsDir), prefix: '/uploads/', decorateReply: false, index: false });
  const staticDir = opts.staticDir && existsSync(join(opts.staticDir, 'index.html')) ? resolve(opts.staticDir) : null;
  if (staticDir) await app.register(fastifyStatic, { root: staticDir, prefix: '/', wildcard: false });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (staticDir && request.method === 'GET' && !isApiPath(path) && !path.startsWith('/uploads/')) {
      return reply.type('text/html').sendFile('index.html', staticDir);
    }
    throw notFound(`No route for ${request.method} ${path}`);
  });
  return app;
}
