import { describe, expect, it } from 'vitest';
import { afterLogin, canAccess, landingFor } from '../../src/app/access.ts';

describe('spec 000 §2 landing: gs → /gs-unflagging; other and qc version → /inspection-version; qc, admin, store manager → /inspection; else /unauth', () => {
  it.each([
    ['gs', '/gs-unflagging'],
    ['other', '/inspection-version'],
    ['qc-Version', '/inspection-version'],
    ['qc', '/inspection'],
    ['SM-QcAdmin', '/inspection'],
    ['StoreManager-Qc', '/inspection'],
    ['nobody', '/unauth'],
    [null, '/unauth'],
  ])('%s lands on %s', (role, landing) => {
    expect(landingFor(role)).toBe(landing);
  });
});

describe('spec 000 §6 route access', () => {
  it.each([
    ['qc', '/review/12', true],
    ['qc', '/admin', false],
    ['SM-QcAdmin', '/admin-odo', true],
    ['qc-Version', '/review/3', true],
    ['qc-Version', '/inspection', false],
    ['gs', '/gs-unflagging-details/4', true],
    ['gs', '/inspection', false],
    ['other', '/review/1', false],
    ['qc', '/view-image/0', true],
    [undefined, '/inspection', false],
  ])('%s on %s → %s', (role, path, allowed) => {
    expect(canAccess(role, path)).toBe(allowed);
  });
});

describe('spec 000 §2 after login', () => {
  it('a carId in the login URL opens the re-inspection with its version', () => {
    expect(afterLogin('qc', '77', '2')).toBe('/re-inspection/77?version=2');
  });
  it('the version role goes to the version list even with a carId', () => {
    expect(afterLogin('qc-Version', '77', '2')).toBe('/inspection-version');
  });
  it('the bike role goes to the bike list', () => {
    expect(afterLogin('bike-qc', null, null)).toBe('/inspection-bike');
  });
  it('gs goes to unflagging, qc to the list', () => {
    expect(afterLogin('gs', null, null)).toBe('/gs-unflagging');
    expect(afterLogin('qc', null, null)).toBe('/inspection');
  });
});
