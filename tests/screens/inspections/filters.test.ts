import { describe, expect, it } from 'vitest';
import { assigneeOptions, centreOptions, keepCentres } from '../../../src/screens/inspections/filters.ts';

const cities = [
  { city_id: 1, city_name: 'Delhi NCR', locations: [{ location_id: 11, name: 'Gurgaon Hub' }, { location_id: 12, name: 'Noida Hub' }] },
  { city_id: 2, city_name: 'Mumbai', locations: [{ location_id: 21, name: 'Andheri Hub' }] },
];
const assignees = [
  { id: 1, name: 'Asha', email: 'asha@qc.example' },
  { id: 2, name: 'Ravi', email: 'ravi@qc.example' },
];

describe('spec 000 §2: Center depends on the chosen cities', () => {
  it('lists only the chosen cities’ centres', () => {
    expect(centreOptions(cities, [2])).toEqual([{ id: 21, label: 'Andheri Hub' }]);
    expect(centreOptions(cities, [])).toEqual([]);
    expect(centreOptions(cities, [1, 2]).map((o) => o.id)).toEqual([11, 12, 21]);
  });
});

describe('spec 000 §2: non-excluded users see only their own assignee entry; excluded users see all', () => {
  it('non-excluded', () => {
    expect(assigneeOptions(assignees, { email: 'ravi@qc.example', isExcludedUser: false })).toEqual([{ id: 'ravi@qc.example', label: 'Ravi' }]);
  });
  it('excluded', () => {
    expect(assigneeOptions(assignees, { email: 'boss@qc.example', isExcludedUser: true })).toHaveLength(2);
  });
});

describe('dropping a city drops its chosen centres', () => {
  it('keeps only centres of cities still chosen', () => {
    expect(keepCentres(cities, [1], [11, 21])).toEqual([11]);
    expect(keepCentres(cities, [], [11])).toEqual([]);
  });
  it('matches the own assignee entry case-insensitively', () => {
    expect(assigneeOptions(assignees, { email: 'Ravi@QC.example', isExcludedUser: false })).toHaveLength(1);
  });
});
