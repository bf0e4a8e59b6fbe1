// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { mainHttp } from '../../../src/api/main.ts';
import { VersionListScreen } from '../../../src/screens/versions/VersionListScreen.tsx';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';

const version = {
  carId: 501, appointmentId: 'APT100', version: 1, storeName: 'Gurgaon Hub', make: 'Maruti', model: 'Swift', variant: 'VXI',
  inspectionStatus: 'done', inspectionBy: 'inspector@qc.example', qcBy: 'qc.reviewer@qc.example',
  inspectionStartTime: '2026-11-20T10:00:00Z', inspectionEndTime: '2026-11-20T10:40:00Z', qcStartTime: null, qcEndTime: null, pdfUrl: null,
};

function Review() {
  const location = useLocation();
  return <p data-testid="review">{location.pathname} {JSON.stringify(location.state)}</p>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/inspection-version/:appointmentId" element={<VersionListScreen />} />
        <Route path="/review/:carId" element={<Review />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('/inspection-version/{appointmentId} (spec 000 §2 Version list)', () => {
  it('a QC role opens the version read-only with inspectionStatus in navigation state', async () => {
    signInAs('qc-Version');
    mainHttp.defaults.adapter = fakeAdapter((c) => (c.url === 'v2/inspection-version-list' ? { status: 200, data: { data: [version], total: 1 } } : undefined));
    renderAt('/inspection-version/APT100');
    await userEvent.click(await screen.findByText('Gurgaon Hub'));
    expect(screen.getByTestId('review').textContent).toBe('/review/501 {"inspectionStatus":"done","selectedVersion":1}');
  });

  it("the 'other' role sees rows that do not open", async () => {
    signInAs('other');
    mainHttp.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { data: [version], total: 1 } }));
    renderAt('/inspection-version/APT100');
    await userEvent.click(await screen.findByText('Gurgaon Hub'));
    expect(screen.queryByTestId('review')).toBeNull();
    expect(screen.getByText('Doc Upload Verification')).toBeTruthy();
  });

  it("shows 'No results found' for an appointment without versions and the error panel on failure", async () => {
    signInAs('qc');
    mainHttp.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { data: [], total: 0 } }));
    renderAt('/inspection-version/NONE');
    expect(await screen.findByText('No results found')).toBeTruthy();
    cleanup();
    mainHttp.defaults.adapter = fakeAdapter(() => ({ status: 500, data: { message: 'database down' } }));
    renderAt('/inspection-version/APT100');
    expect((await screen.findByRole('alert')).textContent).toContain('database down');
  });
});
