import { describe, expect, it } from 'vitest';
import type { GsListItem } from '../../../src/api/gs.ts';
import { elapsed, rowClass } from '../../../src/screens/gs/GsListScreen.tsx';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const row = (conditionFlag: number | null, minutesAgo: number): GsListItem => ({
  appointmentId: '2051200000',
  category: 'New',
  inspectionEndTime: '2026-06-01T10:00:00Z',
  make: 'Honda',
  model: 'City',
  storeName: 'Pune - Baner',
  createdAt: new Date(NOW - minutesAgo * 60_000).toISOString(),
  assignedTo: null,
  conditionFlag,
  leadToken: 't',
});

describe('GS list (spec 002 §2)', () => {
  it('the timer runs from the creation time as hh:mm:ss', () => {
    expect(elapsed(new Date(NOW - (2 * 3600 + 5 * 60 + 9) * 1000).toISOString(), NOW)).toBe('02:05:09');
    expect(elapsed(new Date(NOW + 5000).toISOString(), NOW)).toBe('00:00:00');
  });

  it('rows are coloured by type (Alpha, Beta, none) with an overdue bar after 120 minutes', () => {
    expect(rowClass(row(0, 10), NOW)).toBe('gs-row gs-row-alpha');
    expect(rowClass(row(4, 10), NOW)).toBe('gs-row gs-row-beta');
    expect(rowClass(row(null, 10), NOW)).toBe('gs-row gs-row-none');
    expect(rowClass(row(2, 121), NOW)).toBe('gs-row gs-row-beta gs-row-overdue');
    expect(rowClass(row(0, 119), NOW)).toBe('gs-row gs-row-alpha');
  });
});
