/**
 * A time from an answer, written for people. Another backend with the same contract may send a time as ISO text, as
 * unix seconds or milliseconds (a number or digits), empty or as something else: the screens show what can be read
 * and '-' for what cannot, never 'Invalid Date', 'NaN' or a date in 1970.
 */
import dayjs, { type Dayjs } from 'dayjs';

/** Below this a number is unix seconds, above it milliseconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const SECONDS_BELOW = 1e11;

/** The time `value` names, or null when it names none. */
export function readTime(value: unknown): Dayjs | null {
  let time: Dayjs;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim()))) {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) return null;
    time = n < SECONDS_BELOW ? dayjs.unix(n) : dayjs(n);
  } else if (typeof value === 'string' && value.trim()) time = dayjs(value.trim());
  else if (value instanceof Date) time = dayjs(value);
  else return null;
  return time.isValid() ? time : null;
}

/** `value` formatted with a dayjs `format`, or '-' when it names no time. */
export function formatTime(value: unknown, format: string): string {
  return readTime(value)?.format(format) ?? '-';
}
