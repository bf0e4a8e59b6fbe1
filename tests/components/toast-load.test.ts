// @vitest-environment jsdom
// How the toasts' library is loaded: with the first toast, not with the page (issue 18 'Load': sonner adds its style
// sheet to the page when its module runs); and an error still reaches the user when it cannot be loaded.
import { afterEach, describe, expect, it, vi } from 'vitest';

const loads = vi.hoisted(() => ({ count: 0, fail: true }));
vi.mock('sonner', () => {
  loads.count += 1;
  if (loads.fail) throw new Error('Failed to fetch dynamically imported module');
  return { toast: { success: () => undefined, error: () => undefined } };
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('toasts load their library on first use', () => {
  it('importing the toast helpers does not load sonner; an error toast whose library cannot load is an alert, and the next toast tries again', async () => {
    const { showError } = await import('../../src/components/toast.ts');
    expect(loads.count).toBe(0);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    showError('Email send issue');
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Email send issue'));
    loads.fail = false;
    vi.resetModules(); // a failed dynamic import is not cached by the browser either
    showError('Email send issue');
    await vi.waitFor(() => expect(loads.count).toBe(2));
    expect(alert).toHaveBeenCalledTimes(1);
  });
});
