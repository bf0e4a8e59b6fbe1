/**
 * The bike list's date range rule (spec 001 §2, §9: a range of at most six months, up to today) in plain words, for
 * both sides: the list screen says what is wrong beside the dates before it asks, and the server refuses a range
 * another client sends with the same sentence.
 */
import type { Dayjs } from 'dayjs';
import bikeScreens from '../../config/bike-list.json' with { type: 'json' };

/**
 * What is wrong with the range from `start` to `end` (days), or null. `today` is the reviewer's own day: the server
 * leaves it out, since its day may already be another than a reviewer's in another time zone.
 */
export function dateRangeProblem(start: Dayjs, end: Dayjs, today?: Dayjs): string | null {
  if (today && end.isAfter(today, 'day')) return bikeScreens.texts.rangeFuture;
  if (start.isAfter(end, 'day')) return bikeScreens.texts.rangeOrder;
  if (start.isBefore(end.subtract(bikeScreens.windowMonths, 'month'), 'day')) return bikeScreens.texts.rangeTooLong;
  return null;
}
