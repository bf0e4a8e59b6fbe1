import dayjs from 'dayjs';
import listConfig from '../../config/inspection-list.json';

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

/** Whole minutes from the inspection end to `now` (never negative: a clock skew reads as just ended). */
export function minutesSince(inspectionEndTime: string, now: number): number {
  return Math.max(0, dayjs(now).diff(dayjs(inspectionEndTime), 'minute'));
}
