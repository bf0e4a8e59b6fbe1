import listConfig from '../../config/inspection-list.json';

/** Timer colour by the age of the inspection end, in minutes (spec 000 §4, thresholds §9: 15, 30, 60). */
export type TimerColour = 'green' | 'yellow' | 'orange' | 'red';

const TIMER_THRESHOLDS = listConfig.timerThresholdsMinutes;

export function timerColour(ageMinutes: number): TimerColour {
  if (ageMinutes < TIMER_THRESHOLDS[0]) return 'green';
  if (ageMinutes < TIMER_THRESHOLDS[1]) return 'yellow';
  if (ageMinutes < TIMER_THRESHOLDS[2]) return 'orange';
  return 'red';
}

/** Rows still being processed cannot be opened or assigned (spec 000 §2). */
export function isUnderProcess(row: { isReportProcessed: number; reInspectionProcessing: number; dealerPriceProcessing: number }): boolean {
  return row.isReportProcessed === 0 || row.reInspectionProcessing === 1 || row.dealerPriceProcessing === 1;
}

export const UNDER_PROCESS_ALERT = 'Report is under process';
