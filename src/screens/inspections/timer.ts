import dayjs from 'dayjs';
import listConfig from '../../config/inspection-list.json';
import { readTime } from '../../components/format-time.ts';

/** Timer colour by the age of the inspection end, in minutes (spec 000 §4, thresholds §9: 15, 30, 60). */
export type TimerColour = 'green' | 'yellow' | 'orange' | 'red';

const TIMER_THRESHOLDS = listConfig.timerThresholdsMinutes;

/** How often a list with timer dots reads the time again: their colour changes by the whole minute. */
export const TIMER_TICK_MS = 60_000;

export function timerColour(ageMinutes: number): TimerColour {
  if (ageMinutes < TIMER_THRESHOLDS[0]) return 'green';
  if (ageMinutes < TIMER_THRESHOLDS[1]) return 'yellow';
  if (ageMinutes < TIMER_THRESHOLDS[2]) return 'orange';
  return 'red';
}

/**
 * Whole minutes from the inspection end to `now` (never negative: a clock skew reads as just ended); null when the
 * answer's end time names no time (another backend's empty or unreadable value).
 */
export function minutesSince(inspectionEndTime: unknown, now: number): number | null {
  const end = readTime(inspectionEndTime);
  return end ? Math.max(0, dayjs(now).diff(end, 'minute')) : null;
}
