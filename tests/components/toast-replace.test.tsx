// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { showError, showSuccess } from '../../src/components/toast.ts';
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
