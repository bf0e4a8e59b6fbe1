/**
 * Issue 18's targets, read from what the benches of one `npm run bench` return: each figure beside its target and
 * its anchor (the baseline it is compared with) from the same run. `npm run bench -- --check` prints the missed
 * ones. Benchmarks never fail CI on a time: --check reports, it does not change the exit code.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import type { LoadResult } from './load.bench.ts';
import type { RouteJs } from './routes.bench.ts';
import type { ServerBenchResult } from './server.bench.ts';
import { SERVER_TARGETS } from './server.bench.ts';
import type { StartResult } from './start.bench.ts';
import type { ListResult } from './list.bench.ts';

interface Stats {
  median: number;
  p95: number;
}

/** What each bench module's run() answers, by file name. */
export interface BenchResults {
  'engine.bench.ts'?: { edit: Stats; naive: Stats; large: Stats; speedup: number };
  'browser.bench.ts'?: { keystrokes: Record<string, { page: Stats; commit: Stats }> };
  'load.bench.ts'?: LoadResult;
  'routes.bench.ts'?: RouteJs[];
  'server.bench.ts'?: ServerBenchResult;
  'start.bench.ts'?: StartResult;
  'list.bench.ts'?: ListResult;
}

export interface TargetRow {
  what: string;
  figure: string;
  target: string;
  anchor: string;
  /** null: the run has no figure for it (bench not run or failed). */
  met: boolean | null;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Scenario names of browser.bench.ts the targets read. */
const ROUTE_TYPING = 'review route, full car config: type in registration no.';
const ROUTE_DEPENDENTS = 'review route, full car config: insurance type (dependents)';
const RJSF = 'baseline: plain @rjsf/core, 500 fields: type in a text field';
const BARE = 'floor: a bare text field, no framework: type';

/** RJSF's and the route's own work, beyond the browser's text insertion they both wait for (reported, not judged). */
function beyondFloor(typing: { commit: Stats }, rjsf: { commit: Stats }, bare: { commit: Stats } | undefined): string {
  if (!bare || typing.commit.median <= bare.commit.median) return '';
  return `; beyond a bare field's: ${((rjsf.commit.median - bare.commit.median) / (typing.commit.median - bare.commit.median)).toFixed(1)}×`;
}

export function targetRows(r: BenchResults): TargetRow[] {
  const rows: TargetRow[] = [];
  const engine = r['engine.bench.ts'];
  rows.push({
    what: 'one engine edit, car config (median)',
    figure: engine ? `${engine.edit.median.toFixed(1)} µs (${engine.speedup.toFixed(0)}× naive)` : 'n/a',
    target: '< 5 µs, ≥ 35× naive',
    anchor: engine ? `naive every-rule baseline ${engine.naive.median.toFixed(1)} µs` : '',
    met: engine ? engine.edit.median < 5 && engine.speedup >= 35 : null,
  });
  rows.push({
    what: 'full evaluation, 2,000-row config (median)',
    figure: engine ? ms(engine.large.median / 1000) : 'n/a',
    target: '< 2 ms',
    anchor: '',
    met: engine ? engine.large.median < 2000 : null,
  });

  const browser = r['browser.bench.ts'];
  const keys = browser?.keystrokes ?? {};
  const rjsf = keys[RJSF];
  for (const [name, label] of [[ROUTE_TYPING, 'typing'], [ROUTE_DEPENDENTS, 'dependent rows']] as const) {
    const k = keys[name];
    rows.push({
      what: `keystroke, the page's time p95, /review ${label}`,
      figure: k ? ms(k.page.p95) : 'n/a',
      target: '< 8.3 ms (one 120 Hz frame)',
      anchor: rjsf ? `react-jsonschema-form ${ms(rjsf.page.p95)}` : '',
      met: k ? k.page.p95 < 8.3 : null,
    });
  }
  const typing = keys[ROUTE_TYPING];
  const bare = keys[BARE];
  rows.push({
    what: 'keystroke → React commit, median (/review typing)',
    figure: typing ? `${ms(typing.commit.median)}${rjsf ? ` (${(rjsf.commit.median / typing.commit.median).toFixed(1)}× RJSF${beyondFloor(typing, rjsf, bare)})` : ''}` : 'n/a',
    target: '≥ 10× react-jsonschema-form',
    // Both include the browser's own text insertion, which no page's code can shorten: the bare field's figure.
    anchor: [rjsf && `react-jsonschema-form ${ms(rjsf.commit.median)}`, bare && `a bare field's ${ms(bare.commit.median)}`].filter(Boolean).join('; '),
    met: typing && rjsf ? rjsf.commit.median / typing.commit.median >= 10 : null,
  });
  const load = r['load.bench.ts']?.interactive;
  const floor = r['load.bench.ts']?.floor;
  const reactAlone = r['load.bench.ts']?.reactAlone;
  rows.push({
    what: '/review load → first row editable, median',
    figure: load ? `${load.median.toFixed(0)} ms (p95 ${load.p95.toFixed(0)})` : 'n/a',
    target: '< 300 ms',
    anchor: [floor && `a script-less page's first frame, fresh context: ${floor.median.toFixed(0)} ms`, reactAlone && `React alone, ten fields: ${reactAlone.median.toFixed(0)} ms`].filter(Boolean).join('; '),
    met: load ? load.median < 300 : null,
  });
  // Load lines reported beside the target, not judged.
  const reported: [string, Stats | undefined][] = [
    ['/review load, a returning reviewer (new tab, the app in the cache), median', r['load.bench.ts']?.warm],
    ['the first review opened from the list in a tab (in-app navigation), median', r['load.bench.ts']?.inAppFirst],
    ['a second review opened from the list (in-app navigation), median', r['load.bench.ts']?.inApp],
  ];
  for (const [what, stat] of reported) {
    if (stat) rows.push({ what, figure: `${stat.median.toFixed(0)} ms (p95 ${stat.p95.toFixed(0)})`, target: 'reported', anchor: '', met: null });
  }

  const login = r['routes.bench.ts']?.find((x) => x.route === '/login');
  rows.push({
    what: 'JavaScript of /login (gzip)',
    figure: login ? `${(login.gzip / 1024).toFixed(1)} KB` : 'n/a',
    target: '< 120 KB',
    anchor: 'the whole app before route splitting: 208 KB',
    met: login ? login.gzip / 1024 < 120 : null,
  });

  const server = r['server.bench.ts'];
  for (const setup of Object.keys(SERVER_TARGETS) as (keyof typeof SERVER_TARGETS)[]) {
    const target = SERVER_TARGETS[setup];
    for (const call of ['list', 'detail'] as const) {
      const x = server?.figures.find((f) => f.setup === setup && f.call === call);
      rows.push({
        what: `${call}, ${setup}, ${server?.inspections.toLocaleString('en') ?? '100,000'} inspections, at ${target.rate} req/s`,
        figure: x ? `p95 ${ms(x.p95)} (p50 ${ms(x.p50)}, p99 ${ms(x.p99)}; ${x.achievedRps.toFixed(0)} req/s paced evenly; autocannon's once-a-second burst p95 ${ms(x.burst.p95)})` : 'n/a',
        target: `p95 < ${target.p95} ms`,
        anchor: x ? `${x.maxRps.toFixed(0)} req/s at most (20 connections)` : '',
        met: x ? x.p95 < target.p95 && x.achievedRps >= target.rate * 0.95 && x.errors === 0 : null,
      });
    }
  }
  if (server) {
    rows.push({
      what: 'two processes: assignment race winners, live stream',
      figure: `${server.raceWinners ?? 'n/a'} winner(s); ${server.liveReached ?? 'live stream not checked'}`,
      target: '1 winner; the event reaches both',
      anchor: '',
      met: server.raceWinners === 1 && server.liveReached !== null,
    });
  }
  const list = r['list.bench.ts'];
  if (list) {
    rows.push({
      what: `inspection list, ${list.rows.toLocaleString('en')} rows scrolled top to bottom (Chromium)`,
      figure: `${list.dropped} of ${list.frames + list.dropped} frames dropped, longest ${ms(list.longestFrameMs)}`,
      target: 'reported',
      anchor: '',
      met: null,
    });
  }
  const start = r['start.bench.ts'];
  if (start) {
    rows.push({
      what: '`npm start` server → first answer, fresh / existing data dir',
      figure: `${(start.freshMs / 1000).toFixed(1)} s / ${(start.existingMs / 1000).toFixed(1)} s`,
      target: 'reported',
      anchor: '',
      met: null,
    });
  }
  return rows;
}

/** The machine and date of the run, for the README table. */
export function machineLine(): string {
  const cpu = cpus();
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, load average ${loadavg()[0].toFixed(1)}`;
}

export function printTargets(results: BenchResults, check: boolean): void {
  const rows = targetRows(results);
  console.log(`\n## Targets (issue 18), ${machineLine()}`);
  console.log('| what | figure | target | anchor (same run) | |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.what} | ${row.figure} | ${row.target} | ${row.anchor} | ${row.met === null ? '' : row.met ? 'met' : 'MISSED'} |`);
  if (!check) return;
  const missed = rows.filter((row) => row.met === false);
  const unknown = rows.filter((row) => row.met === null && row.figure === 'n/a');
  console.log(missed.length ? `\nMissed targets (${missed.length}):` : '\nNo target missed in this run.');
  for (const row of missed) console.log(`- ${row.what}: ${row.figure}, target ${row.target}`);
  if (unknown.length) console.log(`Not measured in this run: ${unknown.map((row) => row.what).join('; ')}`);
}
