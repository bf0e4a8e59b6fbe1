import { describe, expect, it } from 'vitest';
import { afterLogin, canAccess, isKnownRole, isPublicPath, landingFor } from '../../src/session/access.ts';

describe('spec 000 §2 landing: gs → /gs-unflagging; other and qc version → /inspection-version; qc, admin, store manager → /inspection; else /unauth', () => {
  it.each([
    ['gs', '/gs-unflagging'],
    ['other', '/inspection-version'],
    ['qc-Version', '/inspection-version'],
    ['qc', '/inspection'],
    ['SM-QcAdmin', '/inspection'],
    ['StoreManager-Qc', '/inspection'],
    ['nobody', '/unauth'],
    ['constructor', '/unauth'],
    [null, '/unauth'],
  ])('%s lands on %s', (role, landing) => {
    expect(landingFor(role)).toBe(landing);
  });
});

describe('spec 000 §6 route access (001 §6 bike and refurbishment, 002 §2 admin)', () => {
  it.each([
    ['qc', '/review/12', true],
    ['qc', '/re-inspection/12', true],
    ['qc', '/gs-refurbishment-review/APT1', true],
    ['qc', '/admin', false],
    ['qc', '/gs-unflagging', false],
    ['StoreManager-Qc', '/inspection', true],
    ['SM-QcAdmin', '/admin-odo', true],
    ['SM-QcAdmin', '/gs-unflagging-details/APT1', true],
    ['qc-Version', '/review/3', true],
    ['qc-Version', '/view-image/0', true],
    ['qc-Version', '/inspection', false],
    ['version-pdf', '/re-inspection/3', true],
    ['version-pdf', '/inspection-bike-version/APT1', true],
    ['version-pdf', '/review/3', false],
    ['gs', '/gs-unflagging-details/4', true],
    ['gs', '/inspection', false],
    ['bike-qc', '/inspection-bike', true],
    ['bike-qc', '/gs-refurbishment-review/1', false],
    ['bike-qc', '/car-variant-list', false],
    ['other', '/review/1', false],
    ['other', '/inspection-version/APT1', true],
    ['qc', '/view-image/0', true],
    ['qc', '/unauth', true],
    [undefined, '/inspection', false],
    ['nobody', '/login', false],
  ])('%s on %s → %s', (role, path, allowed) => {
    expect(canAccess(role, path)).toBe(allowed);
  });
});

describe('known roles and public paths', () => {
  it('only the configured roles are QC roles', () => {
    expect(isKnownRole('qc')).toBe(true);
    expect(isKnownRole('toString')).toBe(false);
    expect(isKnownRole('')).toBe(false);
  });
  it.each([
    ['/login', true],
    ['/sell-online', true],
    ['/customer-audit/APT1/123', true],
    ['/inspection', false],
    ['/unauth', false],
  ])('%s public → %s', (path, isPublic) => expect(isPublicPath(path)).toBe(isPublic));
});

describe('spec 000 §2 after login', () => {
  it('a carId in the login URL opens the re-inspection with its version', () => {
    expect(afterLogin('qc', '77', '2')).toBe('/re-inspection/77?version=2');
  });
  it('the version role goes to the version list even with a carId', () => {
    expect(afterLogin('qc-Version', '77', '2')).toBe('/inspection-version');
  });
  it('the bike role goes to the bike list, even with a carId', () => {
    expect(afterLogin('bike-qc', null, null)).toBe('/inspection-bike');
    expect(afterLogin('bike-qc', '77', '1')).toBe('/inspection-bike');
  });
  it("gs goes to unflagging, 'other' to the version list, qc to the list", () => {
    expect(afterLogin('gs', null, null)).toBe('/gs-unflagging');
    expect(afterLogin('other', null, null)).toBe('/inspection-version');
    expect(afterLogin('qc', null, null)).toBe('/inspection');
  });
  it('a carId is ignored for a role that cannot open re-inspections', () => {
    expect(afterLogin('gs', '77', '1')).toBe('/gs-unflagging');
  });
});
