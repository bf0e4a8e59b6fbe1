// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { mainHttp } from '../../src/api/main.ts';
import { AppRoutes, NOT_AUTHORISED } from '../../src/app/App.tsx';
import { ROUTES, screenCode, type ScreenCode } from '../../src/app/routes.ts';
import { RELOAD, SCREEN_FAILED, SCREEN_NOT_LOADED } from '../../src/app/ScreenBoundary.tsx';
import { fakeAdapter, signInAs } from '../support/fake-http.ts';
import { fakeLayout } from '../support/layout.ts';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** Goes to another path, as a header link would. */
function GoElsewhere() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/no-such-page')}>
      elsewhere
    </button>
  );
}

/** Changes only the query, as a list's filter or a review's tab does. */
function FilterHere() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('?status=pending')}>
      filter
    </button>
  );
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <AppRoutes />
      <Where />
      <GoElsewhere />
      <FilterHere />
    </MemoryRouter>,
  );
}

/** A click as the user makes it: the press first, which tells the shell the user is acting. */
const userClick = (element: HTMLElement) => {
  fireEvent.pointerDown(element);
  fireEvent.click(element);
};

const where = () => screen.getByTestId('where').textContent;
/** Screens are lazy chunks: the first render of one waits for its module (slow when the machine is busy). */
const LOADED = { timeout: 5000 };

/** The app's calls answered empty: the car list with no rows, every other call an empty detail. */
const emptyAnswer = (c: InternalAxiosRequestConfig) =>
  c.url === 'v2/inspection-data-list' ? { status: 200, data: { data: [], total: 0 } } : { status: 200, data: { detail: [] } };

/** Idle callbacks held until the test runs them (`whenIdle` work). */
function stubIdle(): () => void {
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  return () => idle.splice(0).forEach((task) => task());
}

let undoLayout: () => void;
beforeEach(() => {
  undoLayout = fakeLayout();
  mainHttp.defaults.adapter = fakeAdapter(emptyAnswer);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  undoLayout();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('spec 000 §2 route access and landing', () => {
  it('private routes send a signed-out user to /login, which shows no header', async () => {
    renderAt('/inspection');
    await waitFor(() => expect(where()).toBe('/login'), LOADED);
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('/re-inspection/{carId} sends a signed-out user to /login?carId=..&version=..', async () => {
    renderAt('/re-inspection/42?version=3');
    await waitFor(() => expect(where()).toBe('/login?carId=42&version=3'), LOADED);
  });

  it('/login sends a signed-in user to their landing', async () => {
    signInAs('qc-Version');
    renderAt('/login');
    await waitFor(() => expect(where()).toBe('/inspection-version'), LOADED);
  });

  it('a path the role may not open goes to the role landing', async () => {
    signInAs('qc-Version');
    renderAt('/inspection');
    await waitFor(() => expect(where()).toBe('/inspection-version'), LOADED);
  });

  it('/ goes to the landing: the version role to /inspection-version, qc to /inspection', async () => {
    signInAs('qc-Version');
    renderAt('/');
    await waitFor(() => expect(where()).toBe('/inspection-version'), LOADED);
    cleanup();
    signInAs('qc');
    renderAt('/');
    await waitFor(() => expect(where()).toBe('/inspection'), LOADED);
  });

  it('a role with no QC role ends on /unauth', async () => {
    signInAs('sales');
    renderAt('/inspection');
    await waitFor(() => expect(where()).toBe('/unauth'), LOADED);
    expect(screen.getByText(NOT_AUTHORISED)).toBeTruthy();
  });

  it("unknown paths show 'You are not authorized for this feature' inside the header shell", async () => {
    signInAs('qc');
    renderAt('/no-such-page');
    expect(screen.getByText('You are not authorized for this feature')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('a signed-in qc user sees the header shell and the list on /inspection', async () => {
    signInAs('qc');
    renderAt('/inspection');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(await screen.findByText('No Appointment Data', {}, LOADED)).toBeTruthy();
  });
});

describe("the shell titles the tab and moves the focus to a new page's heading", () => {
  it('a page opened afresh (and its redirect) keeps the focus where the browser put it; the title says where', async () => {
    signInAs('qc');
    renderAt('/');
    await waitFor(() => expect(where()).toBe('/inspection'), LOADED);
    expect(await screen.findByText('No Appointment Data', {}, LOADED)).toBeTruthy();
    expect(document.title).toBe('Inspections · QC Review Panel');
    expect(document.activeElement).toBe(document.body);
  });

  it("a navigation the user made focuses the new page's h1; a change of the query alone does not move the focus", async () => {
    signInAs('qc');
    renderAt('/inspection');
    expect(await screen.findByText('No Appointment Data', {}, LOADED)).toBeTruthy();
    const elsewhere = screen.getByRole('button', { name: 'elsewhere' });
    elsewhere.focus();
    userClick(elsewhere);
    const heading = screen.getByRole('heading', { level: 1, name: 'Oops!' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.tabIndex).toBe(-1);
    expect(document.title).toBe('Not authorised · QC Review Panel');
    const filter = screen.getByRole('button', { name: 'filter' });
    filter.focus();
    userClick(filter);
    await waitFor(() => expect(where()).toBe('/no-such-page?status=pending'));
    expect(document.activeElement).toBe(filter);
  });
});

describe("a list fetches the code of the screen its rows open, once the page is idle (issue 18 'Load')", () => {
  it.each([
    ['qc', '/inspection', '/review/:carId', 1],
    ['qc-Version', '/inspection-version', '/review/:carId', 1],
    ['qc-Version', '/inspection-version/APT9', '/review/:carId', 1],
    ['bike-qc', '/inspection-bike', '/bike-review/:appointmentId', 1],
    ['version-pdf', '/inspection-bike', '/bike-review/:appointmentId', 0],
    ['SM-QcAdmin', '/gs-unflagging', '/gs-unflagging-details/:appointmentId', 1],
    ['qc', '/gs-refurbishment', '/gs-refurbishment-review/:appointmentId', 1],
    ['bike-qc', '/gs-refurbishment', '/gs-refurbishment-review/:appointmentId', 0],
  ])('%s on %s: %s fetched %i time(s) (not for a role that may not open it)', async (role, list, target, times) => {
    const runIdle = stubIdle();
    const warm = vi.spyOn(ROUTES.find((r) => r.path === target)!.code, 'warm').mockImplementation(() => undefined);
    signInAs(role);
    renderAt(list);
    await waitFor(() => expect(where()).toBe(list), LOADED);
    await new Promise((done) => setTimeout(done, 20));
    expect(warm).not.toHaveBeenCalled();
    runIdle();
    expect(warm).toHaveBeenCalledTimes(times);
  });
});

describe("a screen whose code comes in as its 'Loading...' is committed", () => {
  it('renders the screen: the module arrived after that render but before its effect ran (the route start fetching it)', async () => {
    let arrive!: (module: { default: () => ReactElement }) => void;
    const code = screenCode(() => new Promise((done) => (arrive = done)));
    void code.load(); // the route's start, as the shell renders
    /** Lets the module in during the commit: its callbacks then run before React's passive effects. */
    function ArrivesNow() {
      useLayoutEffect(() => arrive({ default: () => <p>the screen</p> }), []);
      return null;
    }
    const host = document.body.appendChild(document.createElement('div'));
    // Outside act(), as in the browser: React runs the passive effects of this render in a later task.
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    const root = createRoot(host);
    try {
      root.render(
        <>
          <code.screen />
          <ArrivesNow />
        </>,
      );
      await vi.waitFor(() => expect(host.textContent).toBe('the screen'), { timeout: 2000 });
    } finally {
      root.unmount();
      host.remove();
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    }
  });
});

describe("a screen that fails shows the spec's 'Oops!' panel under the header, never a blank page or the error's text", () => {
  const list = ROUTES.find((r) => r.path === '/inspection')!;
  let original: ScreenCode;
  beforeEach(() => {
    original = list.code;
    // React reports the caught error on the console: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    list.code = original;
  });

  it('its code could not be fetched (offline, or a release replaced the chunk): says so, offers a reload', async () => {
    list.code = screenCode(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/InspectionListScreen-x1y2z3.js')));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    signInAs('qc');
    renderAt('/inspection');
    expect(await screen.findByText(SCREEN_NOT_LOADED, {}, LOADED)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(`Oops!Something went wrong, please try again${SCREEN_NOT_LOADED}`);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByText(/Failed to fetch|assets/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: RELOAD }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a screen that throws in render: the panel without the error, and another path renders afresh', async () => {
    list.code = screenCode(async () => ({
      default: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'rows')");
      },
    }));
    signInAs('qc');
    renderAt('/inspection');
    expect(await screen.findByText(SCREEN_FAILED, {}, LOADED)).toBeTruthy();
    expect(screen.queryByText(/Cannot read|rows/)).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(await screen.findByText(NOT_AUTHORISED)).toBeTruthy();
    expect(screen.queryByText(SCREEN_FAILED)).toBeNull();
  });
});

describe('the header with a leaderboard answer it cannot show (spec 000 §8: a failed leaderboard fetch shows nothing)', () => {
  function answering(detail: unknown) {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const runIdle = stubIdle();
    mainHttp.defaults.adapter = fakeAdapter((c) => (c.url === 'v2/get-leader-board-data' ? { status: 200, data: { detail } } : emptyAnswer(c)));
    return () => act(runIdle);
  }

  it.each([[{ topPerformers: { rank: 1 }, myPerformance: null }], ['<html>'], [null]])('%j: no panel, the list stays', async (detail) => {
    const runIdle = answering(detail);
    signInAs('qc');
    renderAt('/inspection');
    expect(await screen.findByText('No Appointment Data', {}, LOADED)).toBeTruthy();
    runIdle();
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.queryByRole('button', { name: /Top Performer|Your rank/ })).toBeNull();
    expect(screen.getByText('No Appointment Data')).toBeTruthy();
  });

  it("a performer the table cannot show: the 'Oops!' panel with a reload, not a blank page (the shell's own boundary)", async () => {
    const runIdle = answering({ topPerformers: [null], myPerformance: null });
    signInAs('qc');
    renderAt('/inspection');
    expect(await screen.findByText('No Appointment Data', {}, LOADED)).toBeTruthy();
    runIdle();
    fireEvent.click(await screen.findByRole('button', { name: 'Top Performer of day' }));
    expect(await screen.findByText(SCREEN_FAILED)).toBeTruthy();
    expect(screen.getByRole('button', { name: RELOAD })).toBeTruthy();
  });
});
