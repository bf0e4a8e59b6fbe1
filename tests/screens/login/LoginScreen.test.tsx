// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AxiosAdapter } from 'axios';
import { mainHttp } from '../../../src/api/main.ts';
import { readSession } from '../../../src/api/session.ts';
import { LoginScreen } from '../../../src/screens/login/LoginScreen.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function answer(status: number, data: unknown): AxiosAdapter {
  return async (config) => {
    const response = { data, status, statusText: '', headers: {}, config };
    if (status >= 400) throw Object.assign(new Error(`status ${status}`), { response, config, isAxiosError: true });
    return response;
  };
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('/login (spec 000 §2 Sign-in)', () => {
  it('offers the demo users and lands a qc reviewer on /inspection with the login data stored', async () => {
    mainHttp.defaults.adapter = answer(200, { access_token: 't', role: 'qc', email: 'qc.reviewer@qc.example', name: 'Asha', isExcludedUser: false });
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: /qc\.reviewer@qc\.example/ }));
    expect((await screen.findByTestId('where')).textContent).toBe('/inspection');
    expect(readSession()?.role).toBe('qc');
  });

  it('opens the re-inspection named by carId and version after login', async () => {
    mainHttp.defaults.adapter = answer(200, { access_token: 't', role: 'qc', email: 'x', name: 'X', isExcludedUser: false });
    renderAt('/login?carId=42&version=3');
    await userEvent.click(screen.getByRole('button', { name: /qc\.reviewer@qc\.example/ }));
    expect((await screen.findByTestId('where')).textContent).toBe('/re-inspection/42?version=3');
  });

  it("shows the server's detail when sign-in is refused and stays signed out", async () => {
    mainHttp.defaults.adapter = answer(403, { detail: 'No valid QC role assigned' });
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: /other@qc\.example/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('No valid QC role assigned');
    expect(readSession()).toBeNull();
  });

  it('shows the key query parameter as an error text', () => {
    renderAt('/login?key=Not%20a%20Valid%20user');
    expect(screen.getByRole('alert').textContent).toBe('Not a Valid user');
  });
});
