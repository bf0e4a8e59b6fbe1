// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { mainHttp } from '../../../src/api/main.ts';
import { readSession } from '../../../src/api/session.ts';
import { LoginScreen, NO_QC_ROLE } from '../../../src/screens/login/LoginScreen.tsx';
import { emailFromIdToken } from '../../../src/screens/login/google.ts';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(url: string, props: { devMode?: boolean; googleClientId?: string } = { devMode: true }) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginScreen {...props} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const answer = (status: number, data: unknown, seen: InternalAxiosRequestConfig[] = []) => {
  mainHttp.defaults.adapter = fakeAdapter(() => ({ status, data }), seen);
  return seen;
};
const login = (role: string) => ({ access_token: 't', role, email: `${role}@qc.example`, name: 'Someone', isExcludedUser: false, imageHostUrl: 'https://img', imageResizingQueryString: '?q=80', videoHostUrl: 'https://vid' });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('/login (spec 000 §2 Sign-in)', () => {
  it('offers the demo users and lands a qc reviewer on /inspection with the login data stored', async () => {
    const seen = answer(200, login('qc'));
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: /qc\.reviewer@qc\.example/ }));
    expect((await screen.findByTestId('where')).textContent).toBe('/inspection');
    expect(readSession()).toMatchObject({ role: 'qc', imageHostUrl: 'https://img', imageResizingQueryString: '?q=80', videoHostUrl: 'https://vid' });
    expect(seen[0].url).toBe('oauth');
    expect(JSON.parse(seen[0].data)).toEqual({ grant_type: 'password', loginUserName: 'qc.reviewer@qc.example' });
  });

  it.each([
    ['qc-Version', '/inspection-version'],
    ['other', '/inspection-version'],
    ['bike-qc', '/inspection-bike'],
    ['gs', '/gs-unflagging'],
    ['SM-QcAdmin', '/inspection'],
  ])('redirects %s to %s after login', async (role, to) => {
    answer(200, login(role));
    renderAt('/login');
    await userEvent.click(screen.getAllByRole('button', { name: /@qc\.example/ })[0]);
    expect((await screen.findByTestId('where')).textContent).toBe(to);
  });

  it('opens the re-inspection named by carId and version after login', async () => {
    answer(200, login('qc'));
    renderAt('/login?carId=42&version=3');
    await userEvent.click(screen.getByRole('button', { name: /qc\.reviewer@qc\.example/ }));
    expect((await screen.findByTestId('where')).textContent).toBe('/re-inspection/42?version=3');
  });

  it("shows 'No valid QC role assigned' from the server and stays signed out", async () => {
    answer(403, { message: 'Forbidden', detail: 'No valid QC role assigned' });
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: /other@qc\.example/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('No valid QC role assigned');
    expect(readSession()).toBeNull();
  });

  it("shows the server's 'Not a Valid' message for a foreign e-mail domain", async () => {
    answer(403, { message: 'Not a Valid company user' });
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: /qc\.reviewer@qc\.example/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not a Valid company user');
  });

  it('a sign-in answered with a role the panel does not know is refused with the no-QC-role message', async () => {
    answer(200, login('sales'));
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: /qc\.reviewer@qc\.example/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(NO_QC_ROLE);
    expect(readSession()).toBeNull();
  });

  it('shows the key query parameter as an error text', () => {
    renderAt('/login?key=Not%20a%20Valid%20user');
    expect(screen.getByRole('alert').textContent).toBe('Not a Valid user');
  });

  it('Google sign-in mode shows the Google button and no demo users', () => {
    renderAt('/login', { devMode: false, googleClientId: '' });
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Demo users' })).toBeNull();
    expect(screen.getByText(/not configured/)).toBeTruthy();
  });

  it('a signed-in user opening /login goes on to their landing', async () => {
    signInAs('qc');
    renderAt('/login');
    expect((await screen.findByTestId('where')).textContent).toBe('/inspection');
  });
});

describe('Google ID token', () => {
  it('the e-mail is read from the token payload (the server verifies it)', () => {
    const payload = btoa(JSON.stringify({ email: 'asha@qc.example', aud: 'x' })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    expect(emailFromIdToken(`h.${payload}.s`)).toBe('asha@qc.example');
    expect(emailFromIdToken('garbage')).toBe('');
  });
});
