import { describe, expect, it } from 'vitest';
import { minutesSince, timerColour } from '../../../src/screens/inspections/timer.ts';

describe('spec 000 §4 timer colour: 0-15 green, 15-30 yellow, 30-60 orange, 60+ red', () => {
  it.each([
    [0, 'green'], [14, 'green'], [15, 'yellow'], [29, 'yellow'], [30, 'orange'], [59, 'orange'], [60, 'red'], [600, 'red'],
  ])('%i minutes → %s', (age, colour) => expect(timerColour(age)).toBe(colour));
});

describe('minutes since the inspection end', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  it('counts whole minutes', () => {
    expect(minutesSince('2026-11-23T09:44:30Z', now)).toBe(15);
    expect(minutesSince('2026-11-23T08:00:00Z', now)).toBe(120);
  });
  it('reads a future end (clock skew) as just ended', () => {
    expect(minutesSince('2026-11-23T10:05:00Z', now)).toBe(0);
  });
  it("an end time that names no time (another backend's '', null, text) has no age, never NaN; unix seconds are read", () => {
    for (const odd of ['', null, '03/2019', 'garbage']) expect(minutesSince(odd, now)).toBeNull();
    expect(minutesSince(Date.parse('2026-11-23T09:30:00Z') / 1000, now)).toBe(30);
  });
});
