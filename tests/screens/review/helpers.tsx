/** Shared setup of the review screen tests: a generated inspection over the real car config, and a router. */
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { carReviewConfig } from '../../support/car.ts';
import { generateInspection, type GenerateOptions } from '../../../src/engine/generate.ts';
import type { InspectionDetail } from '../../../src/products/car/inspection.ts';
import ReviewScreen from '../../../src/screens/review/ReviewScreen.tsx';
import { ProductProvider } from '../../../src/products/ProductProvider.tsx';
import type { AudioRecorder } from '../../../src/screens/review/audio.ts';

export const REVIEWER = 'qc.reviewer@qc.example';
export const OTHER = 'qc.reviewer2@qc.example';

/** Every row of the car config; insurance Comprehensive (so no-claim bonus shows), fuel Petrol, assigned to REVIEWER. */
export function makeInspection(opts: GenerateOptions = {}): InspectionDetail {
  return generateInspection(carReviewConfig, {
    ...opts,
    values: { insuranceType: 'Comprehensive', noClaimBonus: 'Yes', fuelType: 'Diesel', ...opts.values },
    inspection: { carId: 77, appointmentId: 'APT0077', qcAssign: { to: REVIEWER }, ...opts.inspection },
  });
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

export function fakeRecorder(blob = new Blob(['RIFF'], { type: 'audio/webm' })): { recorder: () => AudioRecorder; started: () => number } {
  let starts = 0;
  return {
    started: () => starts,
    recorder: () => ({
      start: async () => {
        starts++;
      },
      stop: async () => blob,
      cancel: () => undefined,
    }),
  };
}

export function renderReview(url = '/review/77', state?: unknown, props: Parameters<typeof ReviewScreen>[0] = {}) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: url, state }]}>
      <Routes>
        <Route path="/review/:carId" element={<ProductProvider product="car"><ReviewScreen {...props} /></ProductProvider>} />
        <Route path="/inspection" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}
