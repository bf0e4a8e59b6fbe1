// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fetchDispositions, fetchGsDetail } from '../../../src/api/gs.ts';
import { ApiError } from '../../../src/api/http.ts';
import { GsDetailScreen, NOT_FOUND_TEXT } from '../../../src/screens/gs/GsDetailScreen.tsx';
import { ProductProvider } from '../../../src/products/ProductProvider.tsx';
import type { GsDetail } from '../../../src/api/gs.ts';
import { signInAs } from '../../support/fake-http.ts';
import { DISPOSITIONS, gsDetail } from '../../../stories/support/gs.ts';

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

describe('GS detail header: the recorded parts (spec 002 §5)', () => {
  // The page's carousels (embla) ask the browser for media queries and observers, which jsdom lacks.
  function browserApis() {
    class Observer {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', Observer);
    vi.stubGlobal('IntersectionObserver', Observer);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }));
  }
  afterEach(() => vi.unstubAllGlobals());

  it("puts relative image paths on the login data's image host with its resizing query (002 §3), as the car review does", async () => {
    browserApis();
    localStorage.setItem('loginData', JSON.stringify({ access_token: 't', role: 'gs', email: 'gs.team@qc.example', name: 'GS', isExcludedUser: false, imageHostUrl: 'https://img.example', imageResizingQueryString: 'w=640' }));
    const detail = gsDetail();
    vi.mocked(fetchGsDetail).mockResolvedValue({ detail: { ...detail, mainImages: [{ title: 'Front', url: 'gs/2051200000/front.jpg' }, ...detail.mainImages.slice(1)] }, etag: null });
    vi.mocked(fetchDispositions).mockResolvedValue(DISPOSITIONS);
    open('/gs-unflagging-details/2051200000?leadToken=abc');
    const front = await screen.findAllByRole('img', { name: 'Front' });
    expect(front.map((img) => img.getAttribute('src'))).toContain('https://img.example/gs/2051200000/front.jpg?w=640');
    localStorage.clear();
  });

  it("lists 'Show Important' open and 'Show Less Important' folded, each part's title with its value", async () => {
    browserApis();
    vi.mocked(fetchGsDetail).mockResolvedValue({ detail: gsDetail(), etag: null });
    vi.mocked(fetchDispositions).mockResolvedValue(DISPOSITIONS);
    open('/gs-unflagging-details/2051200000?leadToken=abc');
    const important = (await screen.findByText('Show Important')).closest('details')!;
    const less = screen.getByText('Show Less Important').closest('details')!;
    expect([important.open, less.open]).toEqual([true, false]);
    const pairs = (list: HTMLElement) => [...list.querySelectorAll('dl > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]);
    expect(pairs(important)).toEqual([
      ['Roof', 'Repainted'],
      ['Left Apron', 'Repaired'],
    ]);
    expect(pairs(less)).toEqual([['Bonnet', 'Ok']]);
  });

  // Another backend with the same contract may send these shapes (cast: they are outside the typed contract).
  const odd = (detail: Record<string, unknown>) => detail as unknown as GsDetail;

  it('shows what there is of odd data: one beta reason as text, a comment group without comments, a null part', async () => {
    browserApis();
    const detail = gsDetail();
    vi.mocked(fetchGsDetail).mockResolvedValue({
      detail: odd({
        ...detail,
        basicInfo: {
          ...detail.basicInfo,
          comments: [{ title: 'Exterior', comments: null }, { title: 'Interior', comments: [null, { comment: 'Seat torn' }] }],
          important: { ...detail.basicInfo.important, odometer: null },
        },
        otherInfo: { ...detail.otherInfo, betaReason: 'Roof repainted' },
      }),
      etag: null,
    });
    vi.mocked(fetchDispositions).mockResolvedValue(DISPOSITIONS);
    open('/gs-unflagging-details/2051200000?leadToken=abc');
    const reasons = await screen.findByRole('list', { name: 'Flagging dispositions' });
    expect(within(reasons).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Roof repainted']);
    expect(screen.getByRole('heading', { name: 'Exterior' })).toBeTruthy();
    expect(screen.getByText('Seat torn')).toBeTruthy();
    const important = screen.getByText('Show Important').closest('details')!;
    expect([...important.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Roof', 'Left Apron']);
  });

  it("images without an address say 'No image' and open nothing (no viewer on ?url=null); two of them are two images, not one key", async () => {
    browserApis();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const detail = gsDetail();
    vi.mocked(fetchGsDetail).mockResolvedValue({
      detail: odd({ ...detail, impMainImages: [{ title: 'Roof', url: null }, { title: 'Apron', url: null }] }),
      etag: null,
    });
    vi.mocked(fetchDispositions).mockResolvedValue(DISPOSITIONS);
    open('/gs-unflagging-details/2051200000?leadToken=abc');
    const section = (await screen.findByRole('heading', { name: 'Important Images' })).closest('section')!;
    expect(within(section).getAllByRole('img').map((img) => img.getAttribute('aria-label'))).toEqual(['Roof: no image', 'Apron: no image']);
    expect(within(section).queryAllByRole('link')).toEqual([]);
    expect(document.querySelectorAll('a[href*="url=null"]')).toHaveLength(0);
    expect(errors.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('same key'))).toEqual([]);
    errors.mockRestore();
  });

  it("only true, 'true' (any case) or 1 mean Hard Beta: 'false' is a Beta car whose change to Alpha is offered", async () => {
    browserApis();
    signInAs('gs', 'gs.team@qc.example');
    const detail = gsDetail({ conditionFlag: 2 });
    vi.mocked(fetchDispositions).mockResolvedValue(DISPOSITIONS);
    for (const [hardBeta, label, changeDisabled] of [['false', 'Beta', false], ['TRUE', 'Hard Beta', true], [1, 'Hard Beta', true], [0, 'Beta', false]] as const) {
      vi.mocked(fetchGsDetail).mockResolvedValue({ detail: odd({ ...detail, otherInfo: { ...detail.otherInfo, hardBeta } }), etag: null });
      open('/gs-unflagging-details/2051200000?leadToken=abc');
      const flagType = await screen.findByText(/^Flag Type:/);
      expect([hardBeta, flagType.textContent]).toEqual([hardBeta, `Flag Type: ${label}`]);
      expect([hardBeta, (screen.getByRole('button', { name: 'Change to Alpha' }) as HTMLButtonElement).disabled]).toEqual([hardBeta, changeDisabled]);
      cleanup();
    }
    localStorage.clear();
  });
});
