// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { mainHttp } from '../../../src/api/main.ts';
import { VersionListScreen } from '../../../src/screens/versions/VersionListScreen.tsx';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';

const version = {
  carId: 501, appointmentId: 'APT100', version: 1, storeName: 'Gurgaon Hub', make: 'Maruti', model: 'Swift', variant: 'VXI',
  inspectionStatus: 'done', inspectionBy: 'inspector@qc.example', qcBy: 'qc.reviewer@qc.example',
  inspectionStartTime: '2026-11-20T10:00:00Z', inspectionEndTime: '2026-11-20T10:40:00Z', qcStartTime: null, qcEndTime: null, pdfUrl: 'https://files/APT100-v1.pdf',
};
const older = { ...version, carId: 500, version: 0, inspectionStatus: 'smReviewRejected', pdfUrl: null };

function Review() {
  const location = useLocation();
  return <p data-testid="review">{location.pathname} {JSON.stringify(location.state)}</p>;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/inspection-version" element={<><VersionListScreen /><Where /></>} />
        <Route path="/inspection-version/:appointmentId" element={<><VersionListScreen /><Where /></>} />
        <Route path="/review/:carId" element={<Review />} />
      </Routes>
    </MemoryRouter>,
  );
}

function serve(status: number, data: unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  mainHttp.defaults.adapter = fakeAdapter((c) => (c.url === 'v2/inspection-version-list' ? { status, data } : undefined), seen);
  return seen;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('/inspection-version/{appointmentId} (spec 000 §2 Version list)', () => {
  it("shows the §2 columns, 'done' as 'Doc Upload Verification', and a PDF link in a new tab", async () => {
    signInAs('qc');
    const seen = serve(200, { data: [version, older], total: 2 });
    renderAt('/inspection-version/APT100');
    const table = await screen.findByRole('table', { name: 'Versions' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Store', 'Make', 'Model', 'Variant', 'Version', 'Inspection Status', 'Inspection by', 'QC by',
      'Inspection Start Time', 'Inspection End Time', 'QC Start Time', 'QC End Time', 'PDF',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByText('Doc Upload Verification')).toBeTruthy();
    expect(within(second).getByText('Rejected by QC')).toBeTruthy();
    expect(within(second).queryByText('smReviewRejected')).toBeNull();
    const pdf = within(first).getByRole('link', { name: 'PDF' });
    expect([pdf.getAttribute('href'), pdf.getAttribute('target')]).toEqual(['https://files/APT100-v1.pdf', '_blank']);
    expect(seen[0].params).toMatchObject({ appointmentId: 'APT100', user: 'qc.reviewer@qc.example' });
  });

  it.each(['qc', 'qc-Version', 'StoreManager-Qc', 'SM-QcAdmin', 'gs'])(
    '%s opens the version on /review/{carId} with inspectionStatus and version in navigation state',
    async (role) => {
      signInAs(role);
      serve(200, { data: [version], total: 1 });
      renderAt('/inspection-version/APT100');
      await userEvent.click(await screen.findByText('Gurgaon Hub'));
      expect(screen.getByTestId('review').textContent).toBe('/review/501 {"inspectionStatus":"done","version":1}');
    },
  );

  it.each(['other', 'version-pdf', 'bike-qc'])('%s sees rows that do not open', async (role) => {
    signInAs(role);
    serve(200, { data: [version], total: 1 });
    renderAt('/inspection-version/APT100');
    await userEvent.click(await screen.findByText('Gurgaon Hub'));
    expect(screen.queryByTestId('review')).toBeNull();
  });

  it("shows 'Loading...', then 'No results found' for an appointment without versions", async () => {
    signInAs('qc');
    serve(200, { data: [], total: 0 });
    renderAt('/inspection-version/NONE');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('No results found')).toBeTruthy();
  });

  it('shows the error panel on failure', async () => {
    signInAs('qc');
    serve(500, { message: 'database down' });
    renderAt('/inspection-version/APT100');
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Oops!')).toBeTruthy();
    expect(within(panel).getByText('Something went wrong, please try again')).toBeTruthy();
  });

  it('the search box opens the trimmed appointment; blank input is ignored', async () => {
    signInAs('qc-Version');
    const seen = serve(200, { data: [version], total: 1 });
    renderAt('/inspection-version');
    expect(seen).toHaveLength(0);
    const box = screen.getByRole('searchbox', { name: 'Appointment ID' });
    await userEvent.type(box, '   {Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/inspection-version');
    await userEvent.type(box, ' APT100 {Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/inspection-version/APT100');
    expect(await screen.findByText('Gurgaon Hub')).toBeTruthy();
  });

  it('a search keeps the focus in the search box while the results below it change; the box follows the address', async () => {
    signInAs('qc-Version');
    serve(200, { data: [version], total: 1 });
    render(
      <MemoryRouter initialEntries={['/inspection-version']}>
        <Routes>
          <Route path="/inspection-version/:appointmentId?" element={<><VersionListScreen /><Link to="/inspection-version/APT300">APT300</Link></>} />
        </Routes>
      </MemoryRouter>,
    );
    const box = screen.getByRole('searchbox', { name: 'Appointment ID' }) as HTMLInputElement;
    await userEvent.type(box, 'APT100{Enter}');
    await screen.findByText('Gurgaon Hub');
    // It was remounted with each search, which dropped the focus to the page's body.
    expect(document.activeElement).toBe(box);
    await userEvent.clear(box);
    await userEvent.type(box, 'APT200{Enter}');
    await screen.findByRole('heading', { name: 'Versions of APT200' });
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe('APT200');
    await userEvent.click(screen.getByRole('link', { name: 'APT300' }));
    await screen.findByRole('heading', { name: 'Versions of APT300' });
    expect(box.value).toBe('APT300');
  });
});
