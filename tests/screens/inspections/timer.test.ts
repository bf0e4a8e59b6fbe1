import { describe, expect, it } from 'vitest';
import { isUnderProcess, timerColour } from '../../../src/screens/inspections/timer.ts';

describe('spec 000 §4 timer colour: 0-15 green, 15-30 yellow, 30-60 orange, 60+ red', () => {
  it.each([
    [0, 'green'], [14, 'green'], [15, 'yellow'], [29, 'yellow'], [30, 'orange'], [59, 'orange'], [60, 'red'], [600, 'red'],
  ])('%i minutes → %s', (age, colour) => expect(timerColour(age)).toBe(colour));
});

describe("spec 000 §2 'Report is under process' rows", () => {
  const ok = { isReportProcessed: 1, reInspectionProcessing: 0, dealerPriceProcessing: 0 };
  it.each([
    [ok, false],
    [{ ...ok, isReportProcessed: 0 }, true],
    [{ ...ok, reInspectionProcessing: 1 }, true],
    [{ ...ok, dealerPriceProcessing: 1 }, true],
  ])('%o → %s', (row, blocked) => expect(isUnderProcess(row)).toBe(blocked));
});
