import { beforeEach, describe, expect, it, vi } from 'vitest';

type Options = { id: string; duration: number; onAutoClose: () => void; onDismiss: () => void };
const calls: [string, string, Options][] = [];
vi.mock('sonner', () => ({
  toast: {
    success: (message: string, options: Options) => calls.push(['success', message, options]),
    error: (message: string, options: Options) => calls.push(['error', message, options]),
  },
}));

const { showError, showSuccess } = await import('../../src/components/toast.ts');
const { TOAST_POSITION, loadedSonner } = await import('../../src/components/toast-host.ts');

/** The calls made so far, once `n` have reached sonner (it is loaded on the first toast). */
async function made(n: number) {
  await vi.waitFor(() => expect(calls).toHaveLength(n));
  return calls.map(([kind, message, { id, duration }]) => ({ kind, message, id, duration }));
}

beforeEach(() => {
  // Each test starts with nothing on screen: the last toast made closes.
  calls.at(-1)?.[2].onAutoClose();
  calls.length = 0;
});

describe('spec 000 §8 toasts: success 3 s, error 5 s, top centre, dismissing any previous toast', () => {
  it('the first toast loads sonner, whose Toaster the app then mounts', async () => {
    expect(loadedSonner()).toBeUndefined();
    showError('Email send issue');
    await vi.waitFor(() => expect(loadedSonner()).toBeDefined());
  });
  it('success stays 3 seconds, error 5; a toast replaces the one on screen (its id)', async () => {
    showSuccess('Inspection Completed Successfully');
    showError('Email send issue');
    const [first, second] = await made(2);
    expect(first).toMatchObject({ kind: 'success', message: 'Inspection Completed Successfully', duration: 3000 });
    expect(second).toEqual({ kind: 'error', message: 'Email send issue', id: first.id, duration: 5000 });
  });
  it('a toast after the one on screen started closing is a new toast (sonner unmounts a closing one with what reached it)', async () => {
    showSuccess('Version 2 saved and active');
    const [saved] = await made(1);
    calls[0][2].onAutoClose();
    showSuccess('Version 1 is active');
    const [, active] = await made(2);
    expect(active.message).toBe('Version 1 is active');
    expect(active.id).not.toBe(saved.id);
  });
  it('an update that had not reached the toast when it closed is shown afresh', async () => {
    showSuccess('Version 2 saved and active');
    showSuccess('Version 1 is active');
    const [saved, update] = await made(2);
    expect(update.id).toBe(saved.id);
    // The toast closes with the first call's callbacks: sonner had not merged the update into it yet.
    calls[0][2].onAutoClose();
    const [, , again] = await made(3);
    expect(again).toMatchObject({ kind: 'success', message: 'Version 1 is active', duration: 3000 });
    expect(again.id).not.toBe(saved.id);
  });
  it('a toast that closes with its latest update on it is not shown again', async () => {
    showSuccess('Version 2 saved and active');
    showSuccess('Version 1 is active');
    await made(2);
    calls[1][2].onAutoClose();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(2);
  });
  it('shows at the top centre', () => {
    expect(TOAST_POSITION).toBe('top-center');
  });
});
