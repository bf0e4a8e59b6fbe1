/**
 * Several server processes behind one port on one PostgreSQL server (DESIGN.md 'Scale'): `WORKERS=2
 * DATABASE_URL=postgres://… node --import tsx server/cluster.ts`. Node's cluster module hands incoming connections to
 * the workers in turn; each worker is the ordinary server (server/main.ts). Nothing a request needs lives in one
 * process's memory: assignments are settled by row locks in the database, the live stream by LISTEN/NOTIFY.
 * The primary migrates and seeds once before forking, so the workers never race to seed an empty database.
 */
import cluster from 'node:cluster';
import { join, resolve } from 'node:path';
import { mkdirSync } from 'node:fs';
import { openPg } from './db.ts';
import { migrate } from './migrate.ts';
import { seedIfEmpty } from './seed/index.ts';

const workers = Number(process.env.WORKERS ?? 2);

if (cluster.isPrimary) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    // PGlite lives inside one process: a second one cannot open it.
    console.error('Refusing to start: several processes need one PostgreSQL server (set DATABASE_URL)');
    process.exit(1);
  }
  if (!Number.isInteger(workers) || workers < 1) {
    console.error('WORKERS must be a whole number of processes, 1 or more');
    process.exit(1);
  }
  const uploadsDir = join(resolve(process.env.DATA_DIR ?? './data'), 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const db = openPg(url, { max: 1 });
  await migrate(db);
  if (await seedIfEmpty(db, { uploadsDir })) console.log('seeded demo data');
  await db.close();
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    // A worker that dies is not silently replaced: stop them all and let the supervisor restart the service.
    console.error(`worker ${worker.process.pid} exited with ${code}; stopping`);
    stopping = true;
    for (const other of Object.values(cluster.workers ?? {})) other?.kill('SIGTERM');
    process.exitCode = 1;
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  await import('./main.ts');
}
