import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: unknown[][] = [];
vi.mock('sonner', () => ({
  toast: {
    dismiss: (...args: unknown[]) => calls.push(['dismiss', ...args]),
    success: (...args: unknown[]) => calls.push(['success', ...args]),
    error: (...args: unknown[]) => calls.push(['error', ...args]),
  },
}));

const { showError, showSuccess } = await import('../../src/components/toast.ts');
const { TOAST_POSITION, toasterRequested } = await import('../../src/components/toast-host.ts');

beforeEach(() => {
  calls.length = 0;
});

describe('spec 000 §8 toasts: success 3 s, error 5 s, top centre, dismissing any previous toast', () => {
  it('the first toast asks the app to mount the Toaster', () => {
    expect(toasterRequested()).toBe(false);
    showError('Email send issue');
    expect(toasterRequested()).toBe(true);
  });
  it('success replaces the previous toast (one shared id) and stays 3 seconds', async () => {
    showSuccess('Inspection Completed Successfully');
    await vi.waitFor(() => expect(calls).toEqual([['success', 'Inspection Completed Successfully', { id: 'qc-toast', duration: 3000 }]]));
  });
  it('error replaces the previous toast (one shared id) and stays 5 seconds', async () => {
    showError('Email send issue');
    await vi.waitFor(() => expect(calls).toEqual([['error', 'Email send issue', { id: 'qc-toast', duration: 5000 }]]));
  });
  it('shows at the top centre', () => {
    expect(TOAST_POSITION).toBe('top-center');
  });
});
