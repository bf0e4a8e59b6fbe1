import { mkdirSync, writeFileSync } from 'node:fs';

/**
 * Figures of a security run (SECURITY.md 'Last run'): suites add counts, the test file writes them to
 * tests/artifacts/security-figures.json when it ends.
 */
const counts = new Map<string, number>();
export const figures = {
  add(name: string, n: number) {
    counts.set(name, (counts.get(name) ?? 0) + n);
  },
  write(file = 'tests/artifacts/security-figures.json') {
    mkdirSync('tests/artifacts', { recursive: true });
    writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), ...Object.fromEntries(counts) }, null, 2)}\n`);
  },
};
