// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fetchDispositions, fetchGsDetail } from '../../../src/api/gs.ts';
import { ApiError } from '../../../src/api/http.ts';
import { GsDetailScreen, NOT_FOUND_TEXT } from '../../../src/screens/gs/GsDetailScreen.tsx';
import { ProductProvider } from '../../../src/products/ProductContext.tsx';

vi.mock('../../../src/api/gs.ts', () => ({ fetchGsDetail: vi.fn(), fetchDispositions: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function open(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/gs-unflagging-details/:appointmentId"
          element={
            <ProductProvider product="gs-unflagging">
              <GsDetailScreen />
            </ProductProvider>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('GS detail fetch failures (spec 002 §5, §8)', () => {
  it('a detail fetch that throws shows a plain sentence, never the server text', async () => {
    vi.mocked(fetchGsDetail).mockRejectedValue(new ApiError('relation "gs_flags" does not exist', 500, {}));
    vi.mocked(fetchDispositions).mockResolvedValue([]);
    open('/gs-unflagging-details/2051200000?leadToken=abc');
    expect((await screen.findByRole('alert')).textContent).toBe('The flagged car could not be loaded. Please try again.');
    expect(document.body.textContent).not.toMatch(/relation|Expection/);
  });

  it('a 404 (lead token does not match) is the not-found page; a non-numeric id never calls the server', async () => {
    vi.mocked(fetchGsDetail).mockRejectedValue(new ApiError('Not found', 404, {}));
    vi.mocked(fetchDispositions).mockResolvedValue([]);
    open('/gs-unflagging-details/2051200000?leadToken=wrong');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeTruthy();
    cleanup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(fetchGsDetail).mockClear();
    open('/gs-unflagging-details/abc?leadToken=x');
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeTruthy();
    expect(fetchGsDetail).not.toHaveBeenCalled();
  });
});
