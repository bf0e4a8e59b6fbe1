// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
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
