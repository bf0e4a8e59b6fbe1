// @vitest-environment jsdom
// Spec 001 §2 'Bike report': the financier of a hypothecated bike outside uiVersion 2, printed once.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bikeHttp, type BikeReport } from '../../../src/api/bike.ts';
import BikeReportScreen from '../../../src/screens/bike/BikeReportScreen.tsx';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const report = (details: Record<string, string>, financerName: string | null, uiVersion = 1): BikeReport => ({
  appointmentId: 'BK1', version: 1, regNo: 'KA01AB1234', make: 'Hero', model: 'Glamour', variant: 'Drum', status: 'APPROVED', inspectionEndTime: 1763899200,
  inspectionData: { 'Bike Details': details, cjRemark: '', uiVersion, financerName },
  images: [],
});

async function detailsOf(answer: BikeReport): Promise<string[][]> {
  signInAs('bike-qc', 'bike.qc@qc.example');
  bikeHttp.defaults.adapter = fakeAdapter((c) =>
    c.url === 'appointment/BK1/report' ? { status: 200, data: { detail: answer } }
      : c.url === 'public/appconfig' ? { status: 200, data: { detail: { imageUrlTemplate: '/i/{uri}', videoBaseUrl: '/v/' } } }
        : undefined,
  );
  render(
    <MemoryRouter initialEntries={['/bike-report/BK1']}>
      <Routes>
        <Route path="/bike-report/:appointmentId" element={<BikeReportScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  const section = await screen.findByRole('region', { name: 'Bike Details' });
  return within(section).getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent ?? ''));
}

describe('/bike-report: the financier', () => {
  it('prints the financier once when the details already list it', async () => {
    const rows = await detailsOf(report({ Hypothecation: 'Yes', 'Financier Name': 'Hero FinCorp' }, 'Hero FinCorp'));
    expect(rows).toEqual([['Hypothecation', 'Yes'], ['Financier Name', 'Hero FinCorp']]);
  });

  it('adds it from financerName when the details do not, and not on uiVersion 2', async () => {
    expect(await detailsOf(report({ Hypothecation: 'Yes' }, 'Hero FinCorp'))).toEqual([['Hypothecation', 'Yes'], ['Financer', 'Hero FinCorp']]);
    cleanup();
    expect(await detailsOf(report({ Hypothecation: 'Yes' }, 'Hero FinCorp', 2))).toEqual([['Hypothecation', 'Yes']]);
  });
});

describe('/bike-report: answers of other shapes', () => {
  it('prints a list joined, an object by its value or its fields, and an ISO end time as a date', async () => {
    const answer = report({}, null);
    answer.inspectionEndTime = '2026-12-01T10:00:00Z' as unknown as number;
    answer.inspectionData['Bike Details'] = {
      Hypothecation: { value: 'Yes', bankNoc: 'No' },
      'Body Panels': ['Faded', 'Damaged'],
      Tyres: { front: 'Ok', rear: 'Worn' },
      Odometer: 12345,
    } as unknown as Record<string, string>;
    expect(await detailsOf(answer)).toEqual([['Hypothecation', 'Yes'], ['Body Panels', 'Faded, Damaged'], ['Tyres', 'front: Ok, rear: Worn'], ['Odometer', '12345']]);
    expect(screen.getByText('End Date').nextElementSibling!.textContent).toBe('01/12/2026');
    expect(screen.queryByText(/stopped working|\[object Object\]|Invalid Date/)).toBeNull();
  });
});
