/** Toasts of spec 000 §8: success 3 s, error 5 s, top centre, no progress bar, each one dismissing the previous. */
import type { toast as sonnerToast } from 'sonner';
import { requestToaster } from './toast-host.ts';

export const SUCCESS_MS = 3000;
export const ERROR_MS = 5000;

/**
 * Every toast shares one id, so a new one replaces the one on screen in place. Dismissing the old one first left
 * it on screen beside the new one: sonner keeps a dismissed toast mounted (faded, `data-removed`) when another
 * arrives before its exit finishes.
 */
const TOAST_ID = 'qc-toast';

/**
 * sonner, loaded with the first toast: its module adds its style sheet to the page as it runs, which restyled every
 * page at its load, toast or not (issue 18 'Load'). A toast made before its Toaster mounts is replayed by sonner.
 */
let sonner: Promise<typeof sonnerToast> | undefined;

function withToast(show: (toast: typeof sonnerToast) => void, fallback?: () => void): void {
  requestToaster();
  sonner ??= import('sonner').then((m) => m.toast);
  sonner.then(show, () => {
    sonner = undefined; // the next toast tries again
    fallback?.();
  });
}

export function showSuccess(message: string): void {
  withToast((toast) => toast.success(message, { id: TOAST_ID, duration: SUCCESS_MS }));
}

/** An error the reviewer must see: if the toast's code cannot be loaded (the network is down), an alert says it. */
export function showError(message: string): void {
  withToast(
    (toast) => toast.error(message, { id: TOAST_ID, duration: ERROR_MS }),
    () => window.alert(message),
  );
}
