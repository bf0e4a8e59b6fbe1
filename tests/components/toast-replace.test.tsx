// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { showError, showSuccess, SUCCESS_MS } from '../../src/components/toast.ts';
import { TOAST_OPTIONS, TOAST_POSITION } from '../../src/components/toast-host.ts';

const settle = (ms = 50) => act(async () => new Promise((r) => setTimeout(r, ms)));
const shown = () => [...document.querySelectorAll('[data-sonner-toast]')];

afterEach(async () => {
  toast.dismiss();
  await settle();
  cleanup();
});

describe('spec 000 §8 toasts: success 3 s, error 5 s, top centre, dismissing any previous toast', () => {
  it('a new toast replaces the one on screen: one toast, the newest', async () => {
    render(<Toaster position={TOAST_POSITION} toastOptions={TOAST_OPTIONS} />);
    showSuccess('Image Uploaded');
    await settle();
    expect(screen.getByText('Image Uploaded')).toBeTruthy();
    showError('Email send issue');
    await settle(400);
    expect(shown()).toHaveLength(1);
    expect(shown()[0].getAttribute('data-type')).toBe('error');
    expect(screen.getByText('Email send issue')).toBeTruthy();
    expect(screen.queryByText('Image Uploaded')).toBeNull();
  });
});

describe('a toast asked for while the previous one is closing', () => {
  it('is shown (sonner drops an update that reaches a toast in its exit)', async () => {
    render(<Toaster position={TOAST_POSITION} toastOptions={TOAST_OPTIONS} />);
    showSuccess('Version 2 saved and active');
    await settle();
    // The first toast's own timer closes it: sonner marks it removed and unmounts it 200 ms later.
    for (let waited = 0; shown()[0]?.getAttribute('data-removed') !== 'true'; waited += 5) {
      expect(waited).toBeLessThan(SUCCESS_MS + 1000);
      await settle(5);
    }
    showSuccess('Version 1 is active');
    await settle(400);
    expect(shown().map((t) => t.textContent)).toEqual(['Version 1 is active']);
  });
});
