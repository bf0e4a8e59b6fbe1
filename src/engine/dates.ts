/** Date texts of the spec: stored DD-MM-YYYY (cars), shown dd/MM/yyyy; registry data may use other layouts. */

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

const MON = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function valid(year: number, month: number, day: number): DateParts | null {
  if (month < 1 || month > 12 || day < 1 || year < 1000) return null;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0) ? { year, month, day } : null;
}

/** Strict DD-MM-YYYY with a real calendar date. */
export function isValidDmy(text: string): boolean {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  return m !== null && valid(Number(m[3]), Number(m[2]), Number(m[1])) !== null;
}

// Rules compare the same few date texts (today, the registry's expiry) on every edit: each is parsed once. The
// parts are shared between callers, so they are read-only.
const parsed = new Map<string, Readonly<DateParts> | null>();
const PARSED_MAX = 512;

/** Reads DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD (optionally with a time), DD-Mon-YYYY and MM-YYYY / MMM-YYYY. */
export function parseDateLoose(text: string): Readonly<DateParts> | null {
  let d = parsed.get(text);
  if (d === undefined) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    d = parse(text);
    parsed.set(text, d);
  }
  return d;
}

function parse(text: string): DateParts | null {
  const s = text.trim();
  let m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s);
  if (m) return valid(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s);
  if (m) return valid(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/ ]([A-Za-z]{3})[A-Za-z]*[-/ ](\d{4})$/.exec(s);
  if (m) {
    const mo = MON.indexOf(m[2].toLowerCase()) + 1;
    return mo ? valid(Number(m[3]), mo, Number(m[1])) : null;
  }
  m = /^(\d{1,2})[-/](\d{4})$/.exec(s);
  if (m) return valid(Number(m[2]), Number(m[1]), 1);
  m = /^([A-Za-z]{3})[A-Za-z]*[-/ ](\d{4})$/.exec(s);
  if (m) {
    const mo = MON.indexOf(m[1].toLowerCase()) + 1;
    return mo ? valid(Number(m[2]), mo, 1) : null;
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Any readable date text as DD-MM-YYYY, else null. */
export function toDmy(text: string): string | null {
  const d = parseDateLoose(text);
  return d ? `${pad(d.day)}-${pad(d.month)}-${d.year}` : null;
}

/** A JS date as DD-MM-YYYY (local calendar day). */
export function dmyOf(date: Date): string {
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** DD-MM-YYYY (stored) → dd/MM/yyyy (shown), and back. */
export function dmyToDisplay(text: string): string {
  return isValidDmy(text) ? text.replace(/-/g, '/') : text;
}
export function displayToDmy(text: string): string {
  return /^\d{2}\/\d{2}\/\d{4}$/.test(text) ? text.replace(/\//g, '-') : text;
}
