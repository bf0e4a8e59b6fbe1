import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import demoUsers from '../src/config/demo-users.json' with { type: 'json' };
import { loadProductConfig } from '../src/engine/config-schema.ts';
import { PRODUCTS } from '../src/products/registry.ts';
import refurbishmentConfig from '../src/config/refurbishment/refurbishment.json' with { type: 'json' };
import { loadRefurbishmentConfig } from '../src/products/refurbishment/refurbishment-config.ts';
import { buildApp } from './app.ts';
import { devAuthRefusal } from './auth.ts';
import { runAutoAssignment, startRoundJob } from './services/auto-assignment.ts';
import { openDb } from './db.ts';
import { DataDirInUse } from './data-dir-lock.ts';
import { runPoolAssignment } from './services/assignment-pools.ts';
import { linkSecret } from './link-token.ts';
import { parseOrigins } from './content-origins.ts';
import { migrate } from './migrate.ts';
import { seedIfEmpty } from './seed/index.ts';

const env = process.env;
const dataDir = resolve(env.DATA_DIR ?? './data');
const uploadsDir = join(dataDir, 'uploads');
mkdirSync(uploadsDir, { recursive: true });
const authMode = env.AUTH_MODE === 'google' ? 'google' : 'dev';
const port = Number(env.PORT ?? 8080);
// Dev sign-in stays on this machine unless the operator says otherwise (devAuthRefusal).
const host = env.HOST ?? (authMode === 'dev' ? '127.0.0.1' : '0.0.0.0');
const refusal = devAuthRefusal({ authMode, host, nodeEnv: env.NODE_ENV, allowDevAuth: env.ALLOW_DEV_AUTH });
if (refusal) {
  console.error(`Refusing to start: ${refusal}`);
  process.exit(1);
}

let contentOrigins: string[];
try {
  contentOrigins = parseOrigins(env.CONTENT_ORIGINS);
} catch (error) {
  console.error(`Refusing to start: ${(error as Error).message}`);
  process.exit(1);
}

const db = await openDb({ DATABASE_URL: env.DATABASE_URL, dataDir: join(dataDir, 'pgdata') }).catch((error: unknown) => {
  if (!(error instanceof DataDirInUse)) throw error;
  console.error(`Refusing to start: ${error.message}`);
  process.exit(1);
});
// The browser runs the product configs unchecked; the server refuses to start on one that fails its JSON Schema.
for (const product of PRODUCTS.values()) if (product.kind === 'review') loadProductConfig(product.files, product.schema);
loadRefurbishmentConfig(refurbishmentConfig);
const applied = await migrate(db);
if (applied.length) console.log(`migrations applied: ${applied.join(', ')}`);
if (await seedIfEmpty(db, { uploadsDir })) console.log('seeded demo data');

const app = await buildApp({
  db,
  authMode,
  uploadsDir,
  staticDir: resolve(env.STATIC_DIR ?? 'dist'),
  google: {
    clientId: env.GOOGLE_CLIENT_ID,
    allowedDomains: (env.ALLOWED_EMAIL_DOMAINS ?? 'qc.example').split(',').map((d) => d.trim()).filter(Boolean),
  },
  logger: env.LOG_LEVEL ? { level: env.LOG_LEVEL } : false,
  // RI mails: sent over SMTP when SMTP_URL is set, else only stored in email_outbox (server/README.md 'RI mail').
  mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || undefined },
  publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
  contentOrigins,
  linkSecret: linkSecret(env, dataDir),
});

let stopping = false;
// The auto-assignment jobs, all on one interval; AUTO_ASSIGN_INTERVAL_MS=0 turns them off. Cars (spec 000 §4) are
// assigned only while sleepTime > 0; flagged cars go to GS users (002 §7) and bikes awaiting review to bike QC users.
const intervalMs = Number(env.AUTO_ASSIGN_INTERVAL_MS ?? 60_000);
const maxOpenPerReviewer = Number(env.AUTO_ASSIGN_MAX_OPEN ?? 1);
const stopJobs = [
  startRoundJob(() => runAutoAssignment(db, { maxOpenPerReviewer }), { intervalMs, onError: (error) => console.error('auto-assignment failed', error) }),
  startRoundJob(() => runPoolAssignment(db, 'gs'), { intervalMs, onError: (error) => console.error('GS auto-assignment failed', error) }),
  startRoundJob(() => runPoolAssignment(db, 'bike', { maxOpen: maxOpenPerReviewer }), { intervalMs, onError: (error) => console.error('bike auto-assignment failed', error) }),
];

async function stop() {
  if (stopping) return;
  stopping = true;
  for (const stopJob of stopJobs) stopJob();
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await app.listen({ port, host });
const url = `http://localhost:${port}`;
console.log(`QC review panel on ${url} (${db.kind === 'pg' ? 'PostgreSQL' : `PGlite in ${dataDir}`}, sign-in: ${authMode})`);
if (authMode === 'dev') {
  console.log('Demo users (dev sign-in):');
  for (const u of demoUsers.users) console.log(`  ${u.email.padEnd(26)} ${u.role}`);
}
