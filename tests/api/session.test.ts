// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { readSession, storePublicPageRole } from '../../src/api/session.ts';

const stored = () => JSON.parse(localStorage.getItem('loginData') ?? 'null') as Record<string, unknown> | null;

beforeEach(() => localStorage.clear());

describe('stored login data (spec 000 §3, 002 §4)', () => {
  it('a signed-in user is stored data with an access token', () => {
    localStorage.setItem('loginData', JSON.stringify({ access_token: 't', role: 'qc', email: 'a@qc.example', name: 'A', isExcludedUser: false }));
    expect(readSession()?.email).toBe('a@qc.example');
  });

  it('stored data without a token, or unreadable, is no user', () => {
    localStorage.setItem('loginData', JSON.stringify({ role: 'qc' }));
    expect(readSession()).toBeNull();
    localStorage.setItem('loginData', '{not json');
    expect(readSession()).toBeNull();
    localStorage.setItem('loginData', 'null');
    expect(readSession()).toBeNull();
  });

  it("the sell-online page sets the stored role to qc in a seller's browser, and that makes nobody signed in", () => {
    storePublicPageRole('qc');
    expect(stored()).toEqual({ role: 'qc' });
    expect(readSession()).toBeNull();
    localStorage.setItem('loginData', '{not json');
    storePublicPageRole('qc');
    expect(stored()).toEqual({ role: 'qc' });
  });

  it("a signed-in staff user's stored role is left as sign-in gave it", () => {
    const gs = { access_token: 't', role: 'gs', email: 'gs.team@qc.example', name: 'GS', isExcludedUser: false };
    localStorage.setItem('loginData', JSON.stringify(gs));
    storePublicPageRole('qc');
    expect(stored()).toEqual(gs);
  });
});
