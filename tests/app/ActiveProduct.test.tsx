// @vitest-environment jsdom
// Issue 17: a product screen runs its product's active config version, loaded when its path opens and kept while it
// stays open; the JSON in src/config is the fallback. Review products and rules products alike.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { fetchReviewConfig } from '../../src/api/review-config.ts';
import { preloadProductConfig } from '../../src/api/review-load.ts';
import { mergeConfigFiles, type ReviewConfigFile } from '../../src/engine/config.ts';
import { withActiveProduct } from '../../src/app/ActiveProduct.tsx';
import { useProduct, useRulesProduct } from '../../src/products/ProductContext.tsx';
import type { UnflagConfig } from '../../src/products/gs-unflagging/unflag.ts';
import { bike } from '../../src/products/bike.ts';
import { gsUnflagging } from '../../src/products/gs-unflagging.ts';
import { seedProduct } from '../../src/products/registry.ts';

vi.mock('../../src/api/review-config.ts', () => ({ fetchReviewConfig: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(fetchReviewConfig).mockReset();
});

const unflagSeed = seedProduct('gs-unflagging').config as UnflagConfig;

function UnflagScreen() {
  const { config, version } = useRulesProduct<UnflagConfig>();
  const navigate = useNavigate();
  return (
    <>
      <p>{`version ${version ?? 'seed'}, overdue after ${config.overdueAfterMinutes} min`}</p>
      <button type="button" onClick={() => navigate('/gs/2')}>
        next
      </button>
    </>
  );
}

function BikeScreen() {
  const { version, engine } = useProduct();
  return <p>{`bike version ${version ?? 'seed'}, ${engine.config.product.id}`}</p>;
}

const UnflagRoute = withActiveProduct(gsUnflagging, UnflagScreen);
const BikeRoute = withActiveProduct(bike, BikeScreen);

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/gs/:id" element={<UnflagRoute />} />
        <Route path="/bike/:id" element={<BikeRoute />} />
      </Routes>
    </MemoryRouter>,
  );

describe('product screens on the active config version (issue 17)', () => {
  it('a rules product screen gets the stored version the server names; the next opened path loads the then active one', async () => {
    vi.mocked(fetchReviewConfig).mockResolvedValueOnce({ id: 4, config: { ...unflagSeed, overdueAfterMinutes: 90 } });
    renderAt('/gs/1');
    expect(await screen.findByText('version 4, overdue after 90 min')).toBeTruthy();
    expect(fetchReviewConfig).toHaveBeenCalledWith('gs-unflagging');
    vi.mocked(fetchReviewConfig).mockResolvedValueOnce({ id: null, config: unflagSeed });
    await act(async () => screen.getByRole('button', { name: 'next' }).click());
    expect(await screen.findByText(`version seed, overdue after ${unflagSeed.overdueAfterMinutes} min`)).toBeTruthy();
  });

  it('falls back to the JSON in src/config when the call fails', async () => {
    vi.mocked(fetchReviewConfig).mockRejectedValueOnce(new Error('offline'));
    renderAt('/gs/1');
    expect(await screen.findByText(`version seed, overdue after ${unflagSeed.overdueAfterMinutes} min`)).toBeTruthy();
  });

  it('a review product screen gets the version built with its engine', async () => {
    const { definition } = seedProduct('bike');
    vi.mocked(fetchReviewConfig).mockResolvedValueOnce({ id: 7, config: mergeConfigFiles(Object.values(definition.files) as ReviewConfigFile[]) });
    renderAt('/bike/1');
    expect(await screen.findByText('bike version 7, bike')).toBeTruthy();
  });

  it("with the version's answer in before the screen first renders (the route's preload), the screen shows in that first render, not after 'Loading...'", async () => {
    const { definition } = seedProduct('bike');
    vi.mocked(fetchReviewConfig).mockResolvedValueOnce({ id: 8, config: mergeConfigFiles(Object.values(definition.files) as ReviewConfigFile[]) });
    preloadProductConfig('bike');
    await act(async () => undefined);
    renderAt('/bike/1');
    expect(screen.getByText('bike version 8, bike')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(fetchReviewConfig).toHaveBeenCalledTimes(1);
  });
});
