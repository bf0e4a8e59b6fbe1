// @vitest-environment jsdom
// Spec 001 §2 'Bike versions': the columns, the end time format, the report link only with a pdf url (a new tab),
// and rows that open the version's review for QC roles only.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { bikeHttp } from '../../../src/api/bike.ts';
import BikeVersionsScreen from '../../../src/screens/bike/BikeVersionsScreen.tsx';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const row = (version: number, pdfUrl: string | null) => ({
  appointmentId: 'BK26110001', make: 'Hero', model: 'Splendor Plus', variant: 'i3S', version, status: version ? 'READY_FOR_REVIEW' : 'APPROVED',
  qcUser: version ? null : 'bike.qc@qc.example', inspectionEndTime: 1763899200 + version, pdfUrl,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}{location.search}</p>;
}

function renderAt(role: string, answer: { status: number; data: unknown }) {
  signInAs(role, `${role}@qc.example`);
  bikeHttp.defaults.adapter = fakeAdapter((c) => (c.url === 'appointment/BK26110001/version/all' ? answer : undefined));
  render(
    <MemoryRouter initialEntries={['/inspection-bike-version/BK26110001']}>
      <Routes>
        <Route path="/inspection-bike-version/:appointment" element={<BikeVersionsScreen />} />
        <Route path="*" element={<p>another page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}
const where = () => screen.getByTestId('where').textContent;

describe('/inspection-bike-version/{appointment}', () => {
  it('shows the columns, DD-MM-YYYY h:mm:ss A end times and the report link only with a pdf url, in a new tab', async () => {
    renderAt('bike-qc', { status: 200, data: { data: [row(1, null), row(0, 'https://files/BK26110001-v0.pdf')] } });
    const table = await screen.findByRole('table', { name: 'Bike versions' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Make', 'Model', 'Variant', 'Version', 'Inspection Status', 'QC By', 'End Time', 'Report']);
    const [, latest, first] = within(table).getAllByRole('row');
    expect(within(latest).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Hero', 'Splendor Plus', 'i3S', '1', 'READY_FOR_REVIEW', '', expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)$/), '']);
    const link = within(first).getByRole('link', { name: 'View Bike Report' });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual(['/bike-report/BK26110001?version=0', '_blank']);
  });

  it('a QC role opens a version with a click or Enter; Enter on its report link does not open the review', async () => {
    renderAt('bike-qc', { status: 200, data: { data: [row(1, null), row(0, 'https://files/BK26110001-v0.pdf')] } });
    const table = await screen.findByRole('table', { name: 'Bike versions' });
    const [, latest, first] = within(table).getAllByRole('row');
    within(first).getByRole('link', { name: 'View Bike Report' }).focus();
    // The link itself opens the report in a new tab (the browser's, not this page's navigation).
    await userEvent.keyboard('{Enter}');
    expect(where()).not.toMatch(/^\/bike-review/);
    within(latest).getByRole('button', { name: 'Open version 1' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(where()).toBe('/bike-review/BK26110001?version=1');
  });

  it('rows are not clickable for a role that may not open the bike review', async () => {
    renderAt('version-pdf', { status: 200, data: { data: [row(1, null)] } });
    const [, latest] = within(await screen.findByRole('table', { name: 'Bike versions' })).getAllByRole('row');
    expect(within(latest).queryByRole('button')).toBeNull();
    await userEvent.click(within(latest).getAllByRole('cell')[0]);
    expect(where()).toBe('/inspection-bike-version/BK26110001');
  });

  it("says 'No versions' for none, and shows the error panel with the server's detail on failure", async () => {
    renderAt('bike-qc', { status: 200, data: { data: [] } });
    expect(await screen.findByText('No versions')).toBeTruthy();
    cleanup();
    renderAt('bike-qc', { status: 404, data: { detail: 'Appointment not found' } });
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Oops!')).toBeTruthy();
    expect(within(panel).getByText('Appointment not found')).toBeTruthy();
  });
});
