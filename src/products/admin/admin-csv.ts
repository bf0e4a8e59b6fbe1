/**
 * CSV uploads of the admin tools (spec 002 §2 'Store cancellation X factor', 'Admin forms', §3 'X factor CSV headers'):
 * the same checks run in the browser before the upload and on the server before anything is stored, so a row the
 * browser flags is the row the server refuses. Checks that need the database (does the store exist, are its hours
 * right) run on the server only.
 */
import Papa from 'papaparse';

export interface CsvRowError {
  /** 1-based row number as a spreadsheet shows it: the header is row 1, the first data row is row 2. */
  row: number;
  message: string;
}

export interface CsvCheck<T> {
  /** Rows that passed, with their row numbers. */
  rows: { row: number; value: T }[];
  errors: CsvRowError[];
  /** Set when the file cannot be read at all (no rows, a required header missing); then `rows` is empty. */
  fileError: string | null;
}

type RowReader<T> = (cells: (header: string) => string) => T | string;

/**
 * Parses `text` (first line = headers, upper-cased and trimmed), requires `required` headers, and reads each
 * non-empty data row with `read`, which answers the row's value or an error message.
 */
function checkCsv<T>(text: string, required: readonly string[], read: RowReader<T>): CsvCheck<T> {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...data] = parsed.data;
  if (!header) return { rows: [], errors: [], fileError: 'The file is empty' };
  const headers = header.map((h) => String(h).trim().toUpperCase());
  const missing = required.filter((h) => !headers.includes(h));
  if (missing.length) return { rows: [], errors: [], fileError: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}` };
  if (!data.length) return { rows: [], errors: [], fileError: 'The file has no data rows' };
  const index = new Map(headers.map((h, i) => [h, i]));
  const rows: CsvCheck<T>['rows'] = [];
  const errors: CsvRowError[] = [];
  data.forEach((cells, i) => {
    const row = i + 2;
    const result = read((name) => {
      const at = index.get(name);
      return at === undefined ? '' : String(cells[at] ?? '').trim();
    });
    if (typeof result === 'string') errors.push({ row, message: result });
    else rows.push({ row, value: result });
  });
  return { rows, errors, fileError: null };
}

const DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

/** A real calendar date written YYYY-MM-DD, or null. */
export function parseYmd(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text ? date : null;
}

/** Day of the week of a YYYY-MM-DD date ('MONDAY' …). */
export const weekdayOf = (date: Date) => DAYS[date.getUTCDay()];

/** Stores that have an X factor (spec 002 §2: 'Only stores of type locality or sell_online are listed'). */
export const X_FACTOR_CHANNELS: readonly string[] = ['locality', 'sell_online'];

/** Hourly slots 'hh:00:00' from the store's start hour to the hour before its end hour (spec 002 §9). */
export function hourlySlots(startHour: number, endHour: number): string[] {
  const slots: string[] = [];
  for (let hour = startHour; hour < endHour; hour++) slots.push(`${String(hour).padStart(2, '0')}:00:00`);
  return slots;
}

/** X factor: a non-negative number with at most two decimals, up to 10. */
export const X_FACTOR_MAX = 10;
export function parseXFactor(text: string): number | null {
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return value <= X_FACTOR_MAX ? value : null;
}

/** Longest START_DATE..END_DATE range a row may cover. */
export const X_FACTOR_MAX_RANGE_DAYS = 92;

export const X_FACTOR_REQUIRED = ['CENTRE_ID', 'DATE', 'DAY', 'SLOT', 'FACTOR'] as const;
export const X_FACTOR_OPTIONAL = ['START_DATE', 'END_DATE'] as const;

export interface XFactorRow {
  storeId: number;
  /** The dates the factor applies to: DATE, or every date from START_DATE to END_DATE that falls on DAY. */
  dates: string[];
  slot: string;
  factor: number;
}

const DAY_MS = 86_400_000;

/**
 * Reads an X factor CSV. DATE must fall on DAY; with START_DATE and END_DATE the factor applies to every date of
 * that range falling on DAY (a weekly pattern), else to DATE alone.
 */
export function checkXFactorCsv(text: string): CsvCheck<XFactorRow> {
  return checkCsv(text, X_FACTOR_REQUIRED, (cell) => {
    const centre = cell('CENTRE_ID');
    if (!/^\d{1,9}$/.test(centre)) return `Invalid CENTRE_ID '${centre}'`;
    const date = parseYmd(cell('DATE'));
    if (!date) return `Invalid DATE '${cell('DATE')}' (use YYYY-MM-DD)`;
    const day = cell('DAY').toUpperCase();
    const weekday = DAYS.find((d) => d === day || d.slice(0, 3) === day);
    if (!weekday) return `Invalid DAY '${cell('DAY')}'`;
    if (weekdayOf(date) !== weekday) return `DATE ${cell('DATE')} is not a ${weekday.charAt(0) + weekday.slice(1).toLowerCase()}`;
    const slot = cell('SLOT');
    if (!/^([01]\d|2[0-3]):00:00$/.test(slot)) return `Invalid SLOT '${slot}' (use hh:00:00)`;
    const factor = parseXFactor(cell('FACTOR'));
    if (factor === null) return `Invalid FACTOR '${cell('FACTOR')}' (a number from 0 to ${X_FACTOR_MAX})`;
    const startText = cell('START_DATE');
    const endText = cell('END_DATE');
    if (!startText && !endText) return { storeId: Number(centre), dates: [cell('DATE')], slot, factor };
    const start = parseYmd(startText);
    const end = parseYmd(endText);
    if (!start || !end) return 'START_DATE and END_DATE go together (YYYY-MM-DD)';
    if (end < start) return 'END_DATE is before START_DATE';
    if ((end.getTime() - start.getTime()) / DAY_MS > X_FACTOR_MAX_RANGE_DAYS) return `START_DATE to END_DATE may span at most ${X_FACTOR_MAX_RANGE_DAYS} days`;
    const dates: string[] = [];
    for (let t = start.getTime(); t <= end.getTime(); t += DAY_MS) {
      const d = new Date(t);
      if (weekdayOf(d) === weekday) dates.push(d.toISOString().slice(0, 10));
    }
    if (!dates.length) return `No ${weekday.toLowerCase()} between START_DATE and END_DATE`;
    return { storeId: Number(centre), dates, slot, factor };
  });
}

export const LEAVE_REQUIRED = ['EVALUATOR_EMAIL', 'LEAVE_DATE'] as const;
export const LEAVE_TYPES = ['FULL_DAY', 'FIRST_HALF', 'SECOND_HALF'] as const;

export interface LeaveRow {
  email: string;
  date: string;
  type: (typeof LEAVE_TYPES)[number];
}

/** Reads an evaluator (CJ) leave CSV: EVALUATOR_EMAIL, LEAVE_DATE and optional LEAVE_TYPE (FULL_DAY by default). */
export function checkLeaveCsv(text: string): CsvCheck<LeaveRow> {
  return checkCsv(text, LEAVE_REQUIRED, (cell) => {
    const email = cell('EVALUATOR_EMAIL').toLowerCase();
    if (!/^[^\s@,]{1,64}@[^\s@,]{1,190}\.[a-z]{2,}$/.test(email)) return `Invalid EVALUATOR_EMAIL '${cell('EVALUATOR_EMAIL')}'`;
    if (!parseYmd(cell('LEAVE_DATE'))) return `Invalid LEAVE_DATE '${cell('LEAVE_DATE')}' (use YYYY-MM-DD)`;
    const type = (cell('LEAVE_TYPE') || 'FULL_DAY').toUpperCase();
    const known = LEAVE_TYPES.find((t) => t === type);
    if (!known) return `Invalid LEAVE_TYPE '${cell('LEAVE_TYPE')}' (${LEAVE_TYPES.join(', ')})`;
    return { email, date: cell('LEAVE_DATE'), type: known };
  });
}
