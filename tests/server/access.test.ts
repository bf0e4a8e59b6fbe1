// Spec 000 §6 as the server enforces it: areas of API calls → roles, read from src/config/route-access.json.
import { describe, expect, it } from 'vitest';
import routeAccess from '../../src/config/route-access.json' with { type: 'json' };
import { knownRole, roleMayCall, rolesFor } from '../../server/access.ts';

describe('server role table (spec 000 §6)', () => {
  it('the inspection list, assignment and submission are for the QC working roles', () => {
    expect(rolesFor('inspectionList').sort()).toEqual(['SM-QcAdmin', 'StoreManager-Qc', 'bike-qc', 'qc']);
  });
  it('reading an inspection is also open to version viewers and gs, not to other', () => {
    expect(rolesFor('review')).toEqual(expect.arrayContaining(['qc', 'qc-Version', 'gs', 'version-pdf']));
    expect(roleMayCall('other', 'review')).toBe(false);
  });
  it('every role with a QC role sees versions; admin pages are QC admin only', () => {
    expect(rolesFor('versions').sort()).toEqual(['SM-QcAdmin', 'StoreManager-Qc', 'bike-qc', 'gs', 'other', 'qc', 'qc-Version', 'version-pdf']);
    expect(rolesFor('admin')).toEqual(['SM-QcAdmin']);
  });
  it('no role or an unknown role may call nothing, not even session calls', () => {
    expect(roleMayCall(null, 'session')).toBe(false);
    expect(roleMayCall('root', 'session')).toBe(false);
    expect(roleMayCall('other', 'session')).toBe(true);
  });
});

describe('assignee lists (spec 000 §2 assignee-list?role=)', () => {
  it('are keyed by a known role and list only known roles', () => {
    for (const [list, roles] of Object.entries(routeAccess.assigneeLists)) {
      expect(knownRole(list)).toBe(true);
      for (const role of roles) expect(knownRole(role)).toBe(true);
    }
    expect(routeAccess.assigneeLists.qc).toEqual(['qc', 'StoreManager-Qc', 'SM-QcAdmin']);
  });
});
