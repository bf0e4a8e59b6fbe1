/**
 * The one door to json-logic-js (STYLE.md §4). Nothing else imports json-logic-js: this module registers the
 * custom operations once, checks rules at load time against the closed list of operators, and builds the
 * row → dependent-rules index from `uses_data`.
 */
import jsonLogic from 'json-logic-js';
import type { RulesLogic } from 'json-logic-js';
import { isValidDmy, parseDateLoose, toDmy } from './dates.ts';

/** A json-logic expression as it appears in config. */
export type Logic = unknown;

/** Standard json-logic operators the config may use. `missing`, `missing_some`, `log` and the scoped-variable
 * operators (`map`, `filter`, `reduce`, `all`, `some`, `none`) are left out: their variable reads are invisible
 * to `uses_data`, which would break the dependency index. */
const STANDARD_OPERATORS = [
  '==', '===', '!=', '!==', '>', '>=', '<', '<=', '!!', '!', '%', 'in', 'cat', 'substr',
  '+', '*', '-', '/', 'min', 'max', 'merge', 'var', 'if', '?:', 'and', 'or',
] as const;

function str(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** Month number 1–12 of a month name, abbreviation or number; null when unknown. */
export function monthNumber(v: unknown): number | null {
  if (typeof v === 'number') return v >= 1 && v <= 12 ? v : null;
  const s = str(v).trim().toLowerCase();
  if (/^\d{1,2}$/.test(s)) return monthNumber(Number(s));
  const i = MONTHS.findIndex((m) => s.length >= 3 && m.startsWith(s));
  return i < 0 ? null : i + 1;
}

/** Custom operations, documented in docs/config-format.md. */
const CUSTOM_OPERATIONS: Record<string, (...args: never[]) => unknown> = {
  /** Length of a string or list (0 for null). */
  len: (v: unknown) => (Array.isArray(v) ? v.length : str(v).length),
  upper: (v: unknown) => str(v).toUpperCase(),
  lower: (v: unknown) => str(v).toLowerCase(),
  trim: (v: unknown) => str(v).trim(),
  /** Trimmed, case-insensitive equality; false when either side is empty. */
  eqi: (a: unknown, b: unknown) => {
    const x = str(a).trim().toLowerCase();
    const y = str(b).trim().toLowerCase();
    return x !== '' && x === y;
  },
  /** True for null, undefined, '' (after trimming) and []. */
  isEmpty: (v: unknown) => v === null || v === undefined || (Array.isArray(v) ? v.length === 0 : str(v).trim() === ''),
  /** A valid DD-MM-YYYY calendar date. */
  isDate: (v: unknown) => isValidDmy(str(v)),
  /** Any date text (DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD, DD-Mon-YYYY) as DD-MM-YYYY; '' when unreadable. */
  dmy: (v: unknown) => toDmy(str(v)) ?? '',
  /** Year / month number of a date text; null when unreadable. */
  dateYear: (v: unknown) => parseDateLoose(str(v))?.year ?? null,
  dateMonth: (v: unknown) => parseDateLoose(str(v))?.month ?? null,
  /** Month number of a month name or number. */
  monthNumber: (v: unknown) => monthNumber(v),
  /** Compares two dates: -1, 0 or 1; null when either is unreadable. */
  dateCmp: (a: unknown, b: unknown) => {
    const x = parseDateLoose(str(a));
    const y = parseDateLoose(str(b));
    if (!x || !y) return null;
    const p = x.year * 10000 + x.month * 100 + x.day;
    const q = y.year * 10000 + y.month * 100 + y.day;
    return p === q ? 0 : p < q ? -1 : 1;
  },
  /** Any element of the first list (or the value itself) is in the second list. */
  anyIn: (a: unknown, b: unknown) => {
    const xs = Array.isArray(a) ? a : [a];
    return Array.isArray(b) && xs.some((x) => b.includes(x));
  },
  /** The first argument that is neither null nor undefined ('' counts as a value); null when none. */
  coalesce: (...vs: unknown[]) => vs.find((v) => v !== null && v !== undefined) ?? null,
  num: (v: unknown) => {
    const n = Number(v);
    return v === null || v === '' || Number.isNaN(n) ? null : n;
  },
};

let registered = false;
function register(): void {
  if (registered) return;
  for (const [name, fn] of Object.entries(CUSTOM_OPERATIONS)) {
    jsonLogic.add_operation(name, fn as (...args: unknown[]) => unknown);
  }
  registered = true;
}
register();

/** Every operator a config rule may use. */
export const OPERATORS: ReadonlySet<string> = new Set<string>([...STANDARD_OPERATORS, ...Object.keys(CUSTOM_OPERATIONS)]);

/**
 * Checks a rule against the closed operator list. Returns the first problem as `[path, message]`, or null.
 * `var` must name a literal path so the dependency index can see it.
 */
export function checkLogic(rule: Logic, path: string): [string, string] | null {
  if (Array.isArray(rule)) {
    for (let i = 0; i < rule.length; i++) {
      const p = checkLogic(rule[i], `${path}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (rule === null || typeof rule !== 'object') return null;
  const keys = Object.keys(rule);
  if (keys.length !== 1) return [path, `a json-logic object must have exactly one operator, found ${keys.length} (${keys.join(', ')})`];
  const op = keys[0];
  if (!OPERATORS.has(op)) return [path, `unknown operator '${op}'`];
  const arg = (rule as Record<string, unknown>)[op];
  if (op === 'var') {
    const name = Array.isArray(arg) ? arg[0] : arg;
    if (typeof name !== 'string' && typeof name !== 'number') return [`${path}.var`, "'var' must name a literal path"];
    if (Array.isArray(arg) && arg.length > 1) return checkLogic(arg[1], `${path}.var[1]`);
    return null;
  }
  return checkLogic(arg, `${path}.${op}`);
}

/** Variable paths a rule reads (json-logic-js `uses_data`). */
export function usesData(rule: Logic): string[] {
  return jsonLogic.uses_data(rule as Record<string, unknown>).map(String);
}

/** Runs a checked rule on plain data. */
export function runLogic(rule: Logic, data: unknown): unknown {
  if (rule === null || typeof rule !== 'object') return rule;
  return jsonLogic.apply(rule as RulesLogic, data);
}

/** A rule compiled to a closure; same result as `runLogic` on the same rule. */
export type CompiledLogic = (data: unknown) => unknown;

type Args = unknown[];
/**
 * Two-operand operators, called without an argument array (comparisons of two operands are most of a config's
 * rules). `<` and `<=` here are their two-operand forms; STANDARD_FUNCTIONS has the three-operand one.
 */
const BINARY: Record<string, (a: unknown, b: unknown) => unknown> = {
  '==': (a, b) => a == b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a != b,
  '!==': (a, b) => a !== b,
  '>': (a, b) => (a as number) > (b as number),
  '>=': (a, b) => (a as number) >= (b as number),
  '<': (a, b) => (a as number) < (b as number),
  '<=': (a, b) => (a as number) <= (b as number),
  in: (a, b) => {
    const list = b as { indexOf?: (x: unknown) => number } | null;
    if (!list || typeof list.indexOf === 'undefined') return false;
    return list.indexOf(a) !== -1;
  },
};

/**
 * The standard operators with json-logic-js 2.0.5's semantics, for the compiler. The equivalence with
 * json-logic-js's own interpreter is checked on every rule of the car config (tests/engine/logic.test.ts).
 */
const STANDARD_FUNCTIONS: Record<string, (args: Args) => unknown> = {
  '==': (a) => BINARY['=='](a[0], a[1]),
  '===': (a) => BINARY['==='](a[0], a[1]),
  '!=': (a) => BINARY['!='](a[0], a[1]),
  '!==': (a) => BINARY['!=='](a[0], a[1]),
  '>': (a) => BINARY['>'](a[0], a[1]),
  '>=': (a) => BINARY['>='](a[0], a[1]),
  '<': (a) => (a[2] === undefined ? (a[0] as number) < (a[1] as number) : (a[0] as number) < (a[1] as number) && (a[1] as number) < (a[2] as number)),
  '<=': (a) => (a[2] === undefined ? (a[0] as number) <= (a[1] as number) : (a[0] as number) <= (a[1] as number) && (a[1] as number) <= (a[2] as number)),
  '!!': (a) => jsonLogic.truthy(a[0]),
  '!': (a) => !jsonLogic.truthy(a[0]),
  '%': (a) => (a[0] as number) % (a[1] as number),
  in: (a) => BINARY.in(a[0], a[1]),
  cat: (a) => a.join(''),
  substr: (a) => {
    const [source, start, end] = a as [unknown, number, number];
    if (end < 0) {
      const temp = String(source).substr(start);
      return temp.substr(0, temp.length + end);
    }
    return String(source).substr(start, end);
  },
  '+': (a) => a.reduce<number>((x, y) => parseFloat(x as unknown as string) + parseFloat(y as string), 0),
  '*': (a) => (a as string[]).reduce((x, y) => (parseFloat(x) * parseFloat(y)) as unknown as string),
  '-': (a) => (a[1] === undefined ? -(a[0] as number) : (a[0] as number) - (a[1] as number)),
  '/': (a) => (a[0] as number) / (a[1] as number),
  min: (a) => Math.min(...(a as number[])),
  max: (a) => Math.max(...(a as number[])),
  merge: (a) => a.reduce<unknown[]>((x, y) => x.concat(y), []),
};

/**
 * Compiles a variable read some other way than a walk of the data's properties (the engine reads rows by slot), or
 * answers undefined to leave the path to the default walk. `notFound` gives the `var`'s fallback (or null).
 */
export type VariableResolver = (path: string, notFound: CompiledLogic) => CompiledLogic | undefined;

function compileNode(rule: Logic, resolve: VariableResolver | undefined): CompiledLogic {
  if (Array.isArray(rule)) {
    // A list of constants (`"in": [x, ["a", "b"]]`) is built once: no operator mutates its arguments.
    if (rule.every((r) => r === null || typeof r !== 'object')) return () => rule;
    const parts = rule.map((r) => compileNode(r, resolve));
    return (d) => parts.map((p) => p(d));
  }
  if (rule === null || typeof rule !== 'object') return () => rule;
  const op = Object.keys(rule)[0];
  const raw = (rule as Record<string, unknown>)[op];
  const values = Array.isArray(raw) ? raw : [raw];
  const args = values.map((v) => compileNode(v, resolve));
  switch (op) {
    case 'var': {
      const name = values[0];
      const fallback = args[1];
      if (name === undefined || name === '' || name === null) return (d) => d;
      const notFound = (d: unknown) => {
        const f = fallback ? fallback(d) : undefined;
        return f === undefined ? null : f;
      };
      const resolved = resolve?.(String(name), notFound);
      if (resolved) return resolved;
      return walkPath(String(name).split('.'), notFound);
    }
    case 'if':
    case '?:':
      return (d) => {
        let i = 0;
        for (; i < args.length - 1; i += 2) if (jsonLogic.truthy(args[i](d))) return args[i + 1](d);
        return args.length === i + 1 ? args[i](d) : null;
      };
    case 'and':
      return (d) => {
        let current: unknown;
        for (const a of args) {
          current = a(d);
          if (!jsonLogic.truthy(current)) return current;
        }
        return current;
      };
    case 'or':
      return (d) => {
        let current: unknown;
        for (const a of args) {
          current = a(d);
          if (jsonLogic.truthy(current)) return current;
        }
        return current;
      };
    default: {
      const binary = args.length === 2 ? BINARY[op] : undefined;
      if (binary) {
        // Comparisons of two operands are most of a config's rules: no argument array per call.
        const [a, b] = args;
        return (d) => binary(a(d), b(d));
      }
      const std = STANDARD_FUNCTIONS[op];
      if (std) return (d) => std(args.map((a) => a(d)));
      const custom = CUSTOM_OPERATIONS[op] as ((...xs: unknown[]) => unknown) | undefined;
      if (!custom) throw new Error(`unknown operator '${op}'`);
      if (args.length === 1) {
        const [a] = args;
        return (d) => custom(a(d));
      }
      if (args.length === 2) {
        const [a, b] = args;
        return (d) => custom(a(d), b(d));
      }
      return (d) => custom(...args.map((a) => a(d)));
    }
  }
}

/**
 * Compiles a checked rule to a closure (the engine's fast path; `runLogic` is the reference interpreter). With
 * `resolve`, variable reads it compiles replace the walk of the data's properties.
 */
export function compileLogic(rule: Logic, resolve?: VariableResolver): CompiledLogic {
  return compileNode(rule, resolve);
}

/** json-logic-js's read of a dotted path: null-safe, `notFound` when a step is null or undefined. */
export function walkPath(path: readonly string[], notFound: CompiledLogic): CompiledLogic {
  if (path.length === 1) {
    // Most variables name a row directly (`fuelType`): one property read, no loop.
    const [key] = path;
    return (d) => {
      if (d === null || d === undefined) return notFound(d);
      const v = (d as Record<string, unknown>)[key];
      return v === undefined ? notFound(d) : v;
    };
  }
  return (d) => {
    let v: unknown = d;
    for (const p of path) {
      if (v === null || v === undefined) return notFound(d);
      v = (v as Record<string, unknown>)[p];
      if (v === undefined) return notFound(d);
    }
    return v;
  };
}

/** Json-logic truthiness ([] is false). */
export function truthy(v: unknown): boolean {
  return jsonLogic.truthy(v);
}

/** Data namespaces whose variables name a row: `checked.K`, `changed.K`, `seq.K`; a bare `K` is the row's value. */
const ROW_NAMESPACES = new Set(['checked', 'changed', 'seq']);

/**
 * The row a variable path depends on, or null for context variables (`ctx.…`), which never change during a review.
 */
export function rowOfVariable(path: string): string | null {
  const [head, second] = path.split('.');
  if (head === 'ctx') return null;
  if (ROW_NAMESPACES.has(head) && second !== undefined) return second;
  return head;
}

/**
 * Builds the row key → indices of the rules that read it, from each rule's `uses_data`.
 * Variables of rows that do not exist are reported in `unknownRows` (a load-time error).
 */
export function buildDependencyIndex(rules: readonly Logic[], rowKeys: ReadonlySet<string>): {
  index: Map<string, number[]>;
  unknownRows: { rule: number; variable: string }[];
} {
  const index = new Map<string, number[]>();
  const unknownRows: { rule: number; variable: string }[] = [];
  rules.forEach((rule, i) => {
    for (const variable of usesData(rule)) {
      const row = rowOfVariable(variable);
      if (row === null) continue;
      if (!rowKeys.has(row)) {
        unknownRows.push({ rule: i, variable });
        continue;
      }
      const list = index.get(row) ?? [];
      if (!list.includes(i)) list.push(i);
      index.set(row, list);
    }
  });
  return { index, unknownRows };
}
