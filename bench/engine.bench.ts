// Engine benchmark (issues 3, 18): one edit on a full car inspection (every row of the car config) through the
// incremental `apply` (dependency graph, compiled rules), beside the naive baseline (engine-naive.ts) that re-runs
// every json-logic rule through json-logic-js and recomputes every row on every edit, and the same naive scheme
// with compiled rules (to show how much comes from the graph alone); plus a full evaluation of the car config and
// of a generated 2,000-row config (the car's rows and rules replicated). Median and p95 in µs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getProduct } from '../src/products/registry.ts';
import { createEngine } from '../src/engine/model.ts';
import { generateInspection } from '../src/engine/generate.ts';
import type { Edit, ReviewModel } from '../src/engine/types.ts';
import { syntheticConfig } from './browser/synthetic.ts';
import { createNaiveEngine } from './engine-naive.ts';
import type { InspectionDetail } from '../src/products/car/inspection.ts';

const { engine: carEngine, config: carReviewConfig } = getProduct('car');

const ITERATIONS = 6000;
// A reviewer keeps the panel open all day (one engine per product for the whole tab, tens of thousands of edits):
// measure the steady state, after the JIT has optimised the hot paths. An edit touches only its own rules and rows,
// so each of the many small functions it runs tiers up on its own: in windows of 2,000 edits the median fell from
// ~7 µs to a flat ~1.2 µs only after 30,000–40,000 edits on this 2-core machine (6,000 warm-up runs, the figure
// before, measured a mid-tier-up 2.4 µs). The naive baseline runs every rule on every edit and is flat after ~2,000.
// Each scenario warms up for WARMUP runs or WARMUP_MS, whichever comes first.
const WARMUP = 60_000;
const WARMUP_MS = 2000;

function stats(samples: number[]): { median: number; p95: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.floor(s.length * 0.95)] };
}

function time(fn: () => unknown): number {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1000;
}

/**
 * CPU time of this process in µs (user + system). A run of several ms on a shared 2-core machine is mostly
 * descheduled when other jobs run, so its wall time measures the machine's load; its CPU time measures the engine.
 */
function cpuTime(fn: () => unknown): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return c.user + c.system;
}

/** Realistic edits: values that flip dependent rules, ticks, multi-select toggles and remarks. */
const EDITS: Edit[] = [
  { type: 'setValue', key: 'insuranceType', value: '3rd Party' },
  { type: 'setValue', key: 'insuranceType', value: 'Insurance Expired' },
  { type: 'setValue', key: 'fuelType', value: 'Petrol + CNG' },
  { type: 'setValue', key: 'noClaimBonus', value: 'No' },
  { type: 'setValue', key: 'rcAvailability', value: 'Lost' },
  { type: 'setValue', key: 'isUnderHypothecation', value: 'No' },
  { type: 'setValue', key: 'registrationNumber', value: 'mh01ab1234567' },
  { type: 'setValue', key: 'odometerReading', value: '52000' },
  { type: 'check', key: 'insuranceType', checked: true },
  { type: 'check', key: 'carColour', checked: true },
  { type: 'toggleOption', key: 'misMatchInRc', option: 'No Mismatch' },
  { type: 'remark', key: 'make', remark: 'wrong make' },
];

type Stats = ReturnType<typeof stats>;
/** Targets of issue 18. */
const EDIT_TARGET_US = 5;
const SPEEDUP_TARGET = 35;
const LARGE_ROWS = 2000;
const LARGE_FULL_TARGET_US = 2000;

/** One process's figures: each scenario's median and p95, and the sizes measured. */
interface Measured {
  edit: Stats;
  firstEdits: Stats;
  naive: Stats;
  naiveCompiled: Stats;
  full: Stats;
  large: Stats;
  largeCpu: Stats;
  rowCount: number;
  ruleCount: number;
  largeRows: number;
  largeRules: number;
}

function measureAll(): Measured {
  const inspection = generateInspection<InspectionDetail>(carReviewConfig, { inspection: { qcAudit: 1, workflowId: 'wf-1', version: 1 } });
  const registry = { parivahan1: { registrationDate: '12-03-2018', registeredAt: 'MH01 MUMBAI', financier: 'HDFC', taxUpTo: 'LTT', ownerCount: 1 } };
  const options = { today: '01-06-2026' };
  const base: ReviewModel = carEngine.evaluate(inspection, [], registry, options);
  const naiveEngine = createNaiveEngine(carReviewConfig);
  const naiveBase = naiveEngine.evaluate(inspection, registry, options);

  const measure = (fn: (i: number) => unknown, warmup = WARMUP, iterations = ITERATIONS, clock = time) => {
    const until = performance.now() + WARMUP_MS;
    for (let i = 0; i < warmup && (i % 100 !== 0 || performance.now() < until); i++) fn(i);
    const samples: number[] = [];
    for (let i = 0; i < iterations; i++) samples.push(clock(() => fn(i)));
    return stats(samples);
  };
  // Interleave-free but same edits and same starting model for both, so the figures compare like with like.
  // Reported beside the steady state: the engine's first edits, before its code has tiered up.
  const firstEdits = measure((i) => carEngine.apply(base, EDITS[i % EDITS.length]), 0);
  const edit = measure((i) => carEngine.apply(base, EDITS[i % EDITS.length]));
  const naive = measure((i) => naiveEngine.apply(naiveBase, EDITS[i % EDITS.length]));
  const naiveCompiled = measure((i) => naiveEngine.apply(naiveBase, EDITS[i % EDITS.length], false));
  const full = measure(() => carEngine.evaluate(inspection, [], registry, options));

  const largeConfig = syntheticConfig(carReviewConfig, LARGE_ROWS);
  const largeEngine = createEngine(largeConfig);
  const largeInspection = generateInspection(largeConfig, { inspection: { qcAudit: 1, workflowId: 'wf-1', version: 1 } });
  const largeRows = largeEngine.evaluate(largeInspection, [], registry, options).order.length;
  // A full evaluation of 2,000 rows takes milliseconds: fewer runs reach the steady state.
  const large = measure(() => largeEngine.evaluate(largeInspection, [], registry, options), 300, 500);
  const largeCpu = measure(() => largeEngine.evaluate(largeInspection, [], registry, options), 0, 500, cpuTime);
  return { edit, firstEdits, naive, naiveCompiled, full, large, largeCpu, rowCount: base.order.length, ruleCount: carReviewConfig.rules.length, largeRows, largeRules: largeConfig.rules.length };
}

/**
 * Fresh processes measured (BENCH_ENGINE_PROCESSES, default 5). In one process the figures depend on how V8 happened
 * to optimise the shared code: back-to-back runs on an idle machine gave the naive baseline 118 and 248 µs and the
 * 2,029-row evaluation 1.4 and 2.2 ms. Each process measures everything; the table gives the median over processes of
 * each figure (the speed-up: of each process's own ratio) and the range of the medians.
 */
const PROCESSES = Number(process.env.BENCH_ENGINE_PROCESSES ?? 5);

function measureInChild(): Measured {
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_ENGINE_CHILD: '1' },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{')) throw new Error(`engine bench process failed (${child.status}): ${child.stderr.slice(-500)}`);
  return JSON.parse(line) as Measured;
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function run(): Promise<{ edit: Stats; naive: Stats; naiveCompiled: Stats; full: Stats; large: Stats; largeCpu: Stats; speedup: number }> {
  const runs = Array.from({ length: PROCESSES }, measureInChild);
  const pick = (key: 'edit' | 'firstEdits' | 'naive' | 'naiveCompiled' | 'full' | 'large' | 'largeCpu'): Stats & { range: string } => {
    const medians = runs.map((r) => r[key].median);
    return { median: middle(medians), p95: middle(runs.map((r) => r[key].p95)), range: `${Math.min(...medians).toFixed(1)}–${Math.max(...medians).toFixed(1)}` };
  };
  const [edit, firstEdits, naive, naiveCompiled, full, large, largeCpu] = (['edit', 'firstEdits', 'naive', 'naiveCompiled', 'full', 'large', 'largeCpu'] as const).map(pick);
  const ratios = runs.map((r) => r.naive.median / r.edit.median);
  const speedup = middle(ratios);
  const compiledSpeedup = middle(runs.map((r) => r.naiveCompiled.median / r.edit.median));
  const { rowCount, ruleCount, largeRows, largeRules } = runs[0];

  const f = (n: number) => n.toFixed(1).padStart(9);
  console.log(`full car inspection: ${rowCount} rows, ${ruleCount} config rules (+ implicit parent rules), ${ITERATIONS} runs each, in each of ${PROCESSES} fresh processes`);
  console.log(`| scenario | median µs | p95 µs | process medians |`);
  console.log(`|---|---:|---:|---:|`);
  const line = (what: string, s: Stats & { range: string }) => console.log(`| ${what} | ${f(s.median)} | ${f(s.p95)} | ${s.range} |`);
  line('one edit, incremental (apply)', edit);
  line(`the same, the engine's first ${ITERATIONS} edits (its code still tiering up; reported)`, firstEdits);
  line('one edit, naive baseline (every rule via json-logic-js, every row)', naive);
  line('one edit, naive with compiled rules (every rule, every row)', naiveCompiled);
  line('full evaluation (evaluate)', full);
  line(`full evaluation, generated ${largeRows}-row config (${largeRules} rules)`, large);
  line('the same, CPU time of the process (not counting time other jobs hold the cores)', largeCpu);
  console.log(
    `speed-up of one edit over the naive baseline: ${speedup.toFixed(1)}x (each process's: ${ratios.map((r) => r.toFixed(1)).join(', ')}; target ≥ ${SPEEDUP_TARGET}x${speedup >= SPEEDUP_TARGET ? '' : ', MISSED'}); ` +
      `over re-running every compiled rule: ${compiledSpeedup.toFixed(1)}x; ` +
      `median edit ${edit.median < EDIT_TARGET_US ? 'under' : 'OVER'} the ${EDIT_TARGET_US} µs target; ` +
      `${largeRows}-row full evaluation ${large.median < LARGE_FULL_TARGET_US ? 'under' : 'OVER'} the ${LARGE_FULL_TARGET_US / 1000} ms target (CPU time ${largeCpu.median < LARGE_FULL_TARGET_US ? 'under' : 'OVER'})`,
  );
  return { edit, naive, naiveCompiled, full, large, largeCpu, speedup };
}

if (process.env.BENCH_ENGINE_CHILD === '1') process.stdout.write(`${JSON.stringify(measureAll())}\n`);
