// `npm run bench [name…] [-- --check]`: runs the benchmark modules in this folder (all, or those whose file name
// contains a given name) and prints their tables, then issue 18's targets beside the figures of this run
// (bench/targets.ts). --check also lists the missed targets; it never changes the exit code (benchmarks are not tests).
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { printTargets, type BenchResults } from './targets.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const check = args.includes('--check');
const only = args.filter((a) => !a.startsWith('--'));
const results: Record<string, unknown> = {};
for (const file of readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort()) {
  if (only.length && !only.some((name) => file.includes(name))) continue;
  console.log(`\n## ${file}`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<unknown> };
  if (typeof mod.run !== 'function') throw new Error(`${file} exports no run()`);
  try {
    results[file] = await mod.run();
  } catch (e) {
    console.log(`! ${file} failed: ${(e as Error).message}`);
  }
}
printTargets(results as BenchResults, check);
