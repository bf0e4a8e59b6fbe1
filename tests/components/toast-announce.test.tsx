// @vitest-environment jsdom
// The first toast is heard: sonner's live region comes into the page with the first toast (sonner loads then), and a
// screen reader does not read a live region's content as the region is added. The host's own regions are there from
// the start and say it; sonner shows it once they have, and from then on says each toast alone. A toast's text is
// never in the page twice.
import { afterAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { Toasts } from '../../src/components/Toasts.tsx';
import { showError, showSuccess } from '../../src/components/toast.ts';
import { loadedSonner } from '../../src/components/toast-host.ts';

afterAll(cleanup);

/** sonner's own live region, once its Toaster is in the page. */
const sonnerRegion = () => document.querySelector('section[aria-live="polite"]');
/** The host's live region for a kind of toast: polite for a success, assertive for an error. */
const hostRegion = (live: 'polite' | 'assertive') => {
  const region = document.querySelector(`div[aria-live="${live}"]`);
  if (!region) throw new Error(`no ${live} toast region`);
  return region;
};

/** The most times `text` was in the page at once, over every change of the page until `stop` is called. */
function mostTimesShown(text: string): { stop: () => number } {
  let most = 0;
  const count = () => (most = Math.max(most, document.body.textContent.split(text).length - 1));
  const observer = new MutationObserver(count);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return {
    stop: () => {
      observer.disconnect();
      count();
      return most;
    },
  };
}

describe("the first toast is announced, though sonner's region comes with it", () => {
  it('the polite and assertive regions are in the page before any toast; the first toast is said in the polite one, then shown by sonner', async () => {
    render(<Toasts />);
    expect(loadedSonner()).toBeUndefined();
    expect(sonnerRegion()).toBeNull();
    expect(hostRegion('polite').textContent).toBe('');
    expect(hostRegion('assertive').textContent).toBe('');

    const times = mostTimesShown('Image Uploaded');
    act(() => showSuccess('Image Uploaded'));
    expect(hostRegion('polite').textContent).toBe('Image Uploaded');
    expect(hostRegion('assertive').textContent).toBe('');
    // sonner then loads and shows it in its own region, which had not been there; the host's region is empty again.
    await waitFor(() => expect(sonnerRegion()?.textContent).toContain('Image Uploaded'));
    expect(hostRegion('polite').textContent).toBe('');
    expect(times.stop()).toBe(1);
  });

  it("a toast once sonner's region is in the page is said there alone", async () => {
    act(() => showError('Email send issue'));
    await waitFor(() => expect(sonnerRegion()?.textContent).toContain('Email send issue'));
    expect(hostRegion('assertive').textContent).toBe('');
  });
});
