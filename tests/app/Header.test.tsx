// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { mainHttp } from '../../src/api/main.ts';
import { browserLocation } from '../../src/api/location.ts';
import type { LoginData } from '../../src/api/session.ts';
import { fittingLinks, Header } from '../../src/app/Header.tsx';
import { ALL_SCREENS } from '../../src/app/nav.ts';
import { fakeAdapter } from '../support/fake-http.ts';

const user = (role: string): LoginData => ({ access_token: 'tok', role, email: `${role}@qc.example`, name: `Name ${role}`, isExcludedUser: false });

const board = {
  topPerformers: [
    { user: 'second@qc.example', totalNoReview: 30, tat: 12, rank: 2, isActive: false },
    { user: 'first@qc.example', totalNoReview: 41, tat: 9, rank: 1, isActive: true },
  ],
  myPerformance: { rank: 22, totalNoReview: 5, tat: 20 },
};

function renderHeader(role: string, url = '/inspection', screens: Parameters<typeof Header>[0]['screens'] = ALL_SCREENS, reportPdfUrl: string | null = '/reports/inspection.pdf') {
  const seen: InternalAxiosRequestConfig[] = [];
  mainHttp.defaults.adapter = fakeAdapter((c) => (c.url === 'v2/get-leader-board-data' ? { status: 200, data: { detail: board } } : { status: 200, data: { detail: 'ok' } }), seen);
  render(
    <MemoryRouter initialEntries={[url]}>
      <Header session={user(role)} screens={screens} reportPdfUrl={reportPdfUrl} />
    </MemoryRouter>,
  );
  return seen;
}

const linkNames = () => within(screen.getByRole('navigation', { name: 'Main' })).queryAllByRole('link').map((a) => a.textContent);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('spec 000 §2 header: navigation links by role', () => {
  it('qc: Car QC (default), Bike QC, Versions, refurbishment links, Car Variants; no admin, no GS Unflagging', () => {
    renderHeader('qc');
    expect(linkNames()).toEqual(['Car QC', 'Bike QC', 'Versions', 'Refurbishment', 'Refurbishment Versions', 'Car Variants']);
    expect(screen.queryByRole('button', { name: /Admin/ })).toBeNull();
    expect(screen.getByText('Name qc')).toBeTruthy();
  });

  it('QC admin: the admin dropdown and GS Unflagging', async () => {
    renderHeader('SM-QcAdmin');
    expect(linkNames()).toContain('GS Unflagging');
    await userEvent.click(screen.getByRole('button', { name: /Admin/ }));
    const admin = within(screen.getByRole('list', { name: 'Admin' })).getAllByRole('link');
    expect(admin.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Admin - Xfactor', '/admin'],
      ['Registration / Variant Correction', '/admin-rv'],
      ['Odometer Correction', '/admin-odo'],
      ['Upload CJ Leave', '/update-cj'],
      ['Video Tutorial Trigger', '/admin-vtt'],
    ]);
  });

  it('a header menu closes on Escape (focus back on its button), on a click elsewhere, on focus leaving it and on a chosen link', async () => {
    renderHeader('SM-QcAdmin');
    const button = screen.getByRole('button', { name: 'Admin ▾' });
    const menu = () => screen.queryByRole('list', { name: 'Admin' });
    await userEvent.click(button);
    await userEvent.tab();
    expect(document.activeElement).toBe(within(menu()!).getByRole('link', { name: 'Admin - Xfactor' }));
    await userEvent.keyboard('{Escape}');
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button);
    await userEvent.click(button);
    await userEvent.click(screen.getByText('Name SM-QcAdmin'));
    expect(menu()).toBeNull();
    await userEvent.click(button);
    for (let i = 0; i < 6; i++) await userEvent.tab();
    expect(menu()).toBeNull();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('link', { name: 'Odometer Correction' }));
    expect(menu()).toBeNull();
  });

  it("the admin menu's button reads as current on an admin page", async () => {
    renderHeader('SM-QcAdmin', '/admin-odo');
    expect(screen.getByRole('button', { name: 'Admin ▾' }).className).toBe('active');
    cleanup();
    renderHeader('SM-QcAdmin', '/inspection');
    expect(screen.getByRole('button', { name: 'Admin ▾' }).className).toBe('');
  });

  it('fittingLinks: the links up to the first that ends past the row fit', () => {
    expect(fittingLinks([60, 130, 200], 200)).toBe(3);
    expect(fittingLinks([60, 130, 200.4], 200)).toBe(3);
    expect(fittingLinks([60, 130, 201], 200)).toBe(2);
    expect(fittingLinks([60, 130, 201], 50)).toBe(0);
    expect(fittingLinks([], 50)).toBe(0);
  });

  it('gs: Versions and GS Unflagging only', () => {
    renderHeader('gs');
    expect(linkNames()).toEqual(['Versions', 'GS Unflagging']);
  });

  it('bike-qc: no version link (spec 000 §6)', () => {
    renderHeader('bike-qc');
    expect(linkNames()).not.toContain('Versions');
    expect(linkNames()).toContain('Bike QC');
  });

  it('links only to screens this build has, by default (no dead links to unbuilt screens)', () => {
    render(
      <MemoryRouter initialEntries={['/inspection']}>
        <Header session={user('SM-QcAdmin')} />
      </MemoryRouter>,
    );
    expect(linkNames()).toEqual(['Car QC', 'Bike QC', 'Versions', 'Refurbishment', 'Refurbishment Versions', 'GS Unflagging', 'Car Variants', 'Config Studio']);
  });

  it.each([
    ['qc', ['Refurbishment', 'Refurbishment Versions']],
    ['StoreManager-Qc', ['Refurbishment', 'Refurbishment Versions']],
    ['version-pdf', ['Refurbishment Versions']],
    ['gs', []],
  ])('spec 001 §6: %s has the refurbishment links %j in this build', (role, links) => {
    render(
      <MemoryRouter initialEntries={['/inspection-version']}>
        <Header session={user(role)} />
      </MemoryRouter>,
    );
    expect(linkNames().filter((name) => name.startsWith('Refurbishment'))).toEqual(links);
  });

  it('hides the Inspection Report PDF link when no target is configured (no dead link)', () => {
    renderHeader('qc', '/inspection', ALL_SCREENS, null);
    expect(screen.queryByRole('link', { name: 'Inspection Report PDF' })).toBeNull();
  });

  it('qc-Version: Versions only', () => {
    renderHeader('qc-Version');
    expect(linkNames()).toEqual(['Versions']);
  });

  it('shows the Inspection Report PDF link in a new tab and the version being viewed', () => {
    renderHeader('qc', '/re-inspection/5?version=3');
    const pdf = screen.getByRole('link', { name: 'Inspection Report PDF' });
    expect(pdf.getAttribute('href')).toBe('/reports/inspection.pdf');
    expect(pdf.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Version 3')).toBeTruthy();
  });

  it.each(['abc', '', '-1', '1e3', '<b>2</b>'])("shows no version for an address's ?version=%s, which names none", (asked) => {
    renderHeader('qc', `/re-inspection/5?version=${encodeURIComponent(asked)}`);
    expect(screen.queryByText(/^Version /)).toBeNull();
  });
});

describe('spec 000 §2 performance panel (QC role only)', () => {
  it("shows the caller's rank with its ordinal and the 'Top Performer of day' table sorted by rank", async () => {
    const seen = renderHeader('qc');
    const rank = await screen.findByRole('button', { name: /Your rank: 22nd/ });
    expect(seen.find((c) => c.url === 'v2/get-leader-board-data')?.params).toMatchObject({ email: 'qc@qc.example' });
    await userEvent.click(rank);
    const table = screen.getByRole('table', { name: 'Top Performer of day' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['User', 'Cars', 'TAT']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent?.trim()))).toEqual([
      ['first@qc.example', '41', '9'],
      ['second@qc.example', '30', '12'],
    ]);
    expect(within(rows[0]).getByRole('img', { name: 'active' })).toBeTruthy();
    expect(within(rows[1]).getByRole('img', { name: 'inactive' })).toBeTruthy();
  });

  it('asks for the leaderboard once the page is idle, not while the screen under it loads; leaving first asks for nothing', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', (id: number) => idle.splice(id - 1, 1, () => undefined));
    const seen = renderHeader('qc');
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.some((c) => c.url === 'v2/get-leader-board-data')).toBe(false);
    expect(idle).toHaveLength(1);
    idle[0]();
    expect(await screen.findByRole('button', { name: /Your rank: 22nd/ })).toBeTruthy();
    cleanup();
    const again = renderHeader('qc');
    cleanup(); // the header goes before the page was idle
    idle[1]();
    await new Promise((r) => setTimeout(r, 20));
    expect(again.some((c) => c.url === 'v2/get-leader-board-data')).toBe(false);
  });

  it('on a page still loading, the leaderboard waits for the window to finish loading, then for idle time', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const seen = renderHeader('qc');
    await new Promise((r) => setTimeout(r, 20));
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    idle[0]();
    await screen.findByRole('button', { name: /Your rank: 22nd/ });
    expect(seen.filter((c) => c.url === 'v2/get-leader-board-data')).toHaveLength(1);
  });

  it.each(['SM-QcAdmin', 'StoreManager-Qc', 'gs'])('%s sees no performance panel and asks for no leaderboard', async (role) => {
    const seen = renderHeader(role);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: /rank|Top Performer/ })).toBeNull();
    expect(seen.some((c) => c.url === 'v2/get-leader-board-data')).toBe(false);
  });

  it('a failed leaderboard fetch shows nothing (spec 000 §8)', async () => {
    mainHttp.defaults.adapter = fakeAdapter(() => ({ status: 500, data: {} }));
    render(
      <MemoryRouter>
        <Header session={user('qc')} />
      </MemoryRouter>,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: /rank|Top Performer/ })).toBeNull();
  });
});

describe('spec 000 §7 logout', () => {
  it.each([
    ['succeeds', 200],
    ['fails', 500],
  ])('posts qcLogout, clears local storage and goes to /login when the call %s', async (_, status) => {
    localStorage.setItem('loginData', JSON.stringify(user('qc')));
    localStorage.setItem('assigneeData', '[]');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const seen: InternalAxiosRequestConfig[] = [];
    mainHttp.defaults.adapter = fakeAdapter((c) => (c.url === 'v2/api/qcLogout' ? { status, data: {} } : { status: 500, data: {} }), seen);
    render(
      <MemoryRouter>
        <Header session={user('qc')} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(JSON.parse(seen.find((c) => c.url === 'v2/api/qcLogout')!.data)).toEqual({ email: 'qc@qc.example', access_token: 'tok' });
    expect(localStorage.length).toBe(0);
  });
});
