// `npm run bench`: runs every benchmark module in this folder and prints their tables.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
for (const file of readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n## ${file}`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<unknown> };
  if (typeof mod.run !== 'function') throw new Error(`${file} exports no run()`);
  await mod.run();
}
