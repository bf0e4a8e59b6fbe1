// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { GsListItem } from '../../../src/api/gs.ts';
import { GsListScreen } from '../../../src/screens/gs/GsListScreen.tsx';
import { signInAs } from '../../support/fake-http.ts';
import { selectRenders } from '../../support/counted-select.ts';

vi.mock('../../../src/api/gs.ts', () => ({ fetchGsList: vi.fn(), fetchGsAssignees: vi.fn(async () => []) }));
vi.mock('../../../src/api/main.ts', () => ({ fetchLocationStore: vi.fn(async () => []) }));
vi.mock('../../../src/api/live.ts', () => ({ subscribeAutoAssignment: () => () => undefined }));
// The real filter selects, counted: they are the screen's heaviest part.
vi.mock('../../../src/components/SelectField.tsx', async (original) => (await import('../../support/counted-select.ts')).countedSelectField(original));

const { fetchGsList } = await import('../../../src/api/gs.ts');

const FLAGGED_AT = Date.parse('2026-06-01T12:00:00Z');
const flagged: GsListItem = {
  appointmentId: '2051200007',
  category: 'New',
  inspectionEndTime: '2026-06-01T10:00:00Z',
  make: 'Honda',
  model: 'City',
  storeName: 'Pune - Baner',
  createdAt: new Date(FLAGGED_AT).toISOString(),
  assignedTo: null,
  conditionFlag: 0,
  leadToken: 't',
};

beforeEach(() => {
  vi.useFakeTimers({ now: FLAGGED_AT + 65_000, toFake: ['setInterval', 'clearInterval', 'Date'] });
  signInAs('gs', 'gs.team@qc.example');
  vi.mocked(fetchGsList).mockResolvedValue([flagged]);
  selectRenders.count = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('GS unflagging list (spec 002 §2): the running timer', () => {
  it('counts up each second in its cell while the filters above it do not render again', async () => {
    render(
      <MemoryRouter>
        <GsListScreen />
      </MemoryRouter>,
    );
    await screen.findByText('2051200007');
    const timer = () => document.querySelector('td.gs-timer')?.textContent;
    expect(timer()).toBe('00:01:05');
    const selects = selectRenders.count;
    expect(selects).toBeGreaterThanOrEqual(4);
    act(() => vi.advanceTimersByTime(3000));
    expect(timer()).toBe('00:01:08');
    expect(selectRenders.count).toBe(selects);
  });
});

describe('GS unflagging list: times another backend may send', () => {
  it("an empty, null or unreadable creation time is '-' in Created At and in the Timer, never 'Invalid Date' or 'NaN'", async () => {
    const odd = (n: number, createdAt: unknown): GsListItem => ({ ...flagged, appointmentId: `205120001${n}`, createdAt: createdAt as string });
    vi.mocked(fetchGsList).mockResolvedValue([odd(1, ''), odd(2, null), odd(3, 'garbage'), odd(4, Math.floor(FLAGGED_AT / 1000))]);
    render(
      <MemoryRouter>
        <GsListScreen />
      </MemoryRouter>,
    );
    await screen.findByText('2051200011');
    const rows = [...document.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    // Timer and Created At of each row; unix seconds read as the time they name.
    expect(rows.map((cells) => [cells[0], cells[6]])).toEqual([
      ['-', '-'],
      ['-', '-'],
      ['-', '-'],
      ['00:01:05', expect.stringMatching(/^\d\d-06-2026 \d\d:\d\d$/)],
    ]);
    expect(document.body.textContent).not.toMatch(/Invalid Date|NaN/);
  });
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

describe('GS unflagging list: by keyboard and without colour', () => {
  it("an overdue row says 'Overdue' after its timer, not only with its red bar (WCAG 1.4.1); a row on time says nothing", async () => {
    const late: GsListItem = { ...flagged, appointmentId: '2051200008', createdAt: new Date(FLAGGED_AT - 3 * 3600_000).toISOString() };
    vi.mocked(fetchGsList).mockResolvedValue([flagged, late]);
    render(
      <MemoryRouter>
        <GsListScreen />
      </MemoryRouter>,
    );
    await screen.findByText('2051200008');
    const [onTime, overdue] = [...document.querySelectorAll('td.gs-timer')];
    expect(overdue.textContent).toBe('03:01:05 Overdue');
    expect(within(overdue as HTMLElement).getByText('Overdue').className).toBe('sr-only');
    expect(onTime.textContent).toBe('00:01:05');
  });

  it("each row's Appt ID is a link to its detail: Enter on it opens the flagged car", async () => {
    vi.useRealTimers();
    render(
      <MemoryRouter initialEntries={['/gs-unflagging']}>
        <Routes>
          <Route path="/gs-unflagging" element={<GsListScreen />} />
          <Route path="/gs-unflagging-details/:id" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: '2051200007' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/gs-unflagging-details/2051200007?leadToken=t');
  });
});
