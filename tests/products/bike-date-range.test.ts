import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dateRangeProblem } from '../../src/products/bike/date-range.ts';

describe('the bike list date range (spec 001 §2, §9: at most six months, up to today), one rule for screen and server', () => {
  const today = dayjs('2026-11-29');
  const problem = (start: string, end: string) => dateRangeProblem(dayjs(start), dayjs(end), today);
  const serverProblem = (start: string, end: string) => dateRangeProblem(dayjs(start), dayjs(end));

  it('order, six months, today; a whole six months is fine', () => {
    expect(problem('2026-05-29', '2026-11-29')).toBeNull();
    expect(problem('2026-05-28', '2026-11-29')).toBe('The date range may span at most six months');
    expect(problem('2026-11-29', '2026-11-29')).toBeNull();
    expect(problem('2026-11-28', '2026-11-27')).toBe('The From date must not be after the To date');
    expect(problem('2026-11-28', '2026-11-30')).toBe('The To date must not be after today');
  });

  it('without a day of its own (the server, whose day may not be the reviewer\'s) a To after it is no problem', () => {
    expect(serverProblem('2026-11-28', '2026-11-30')).toBeNull();
    expect(serverProblem('2026-11-30', '2026-11-28')).toBe('The From date must not be after the To date');
  });
});
