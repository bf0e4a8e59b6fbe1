/** Toasts of spec 000 §8: success 3 s, error 5 s, top centre, no progress bar, each one dismissing the previous. */
import { toast } from 'sonner';
import { requestToaster } from './toast-host.ts';

export const SUCCESS_MS = 3000;
export const ERROR_MS = 5000;

/**
 * Every toast shares one id, so a new one replaces the one on screen in place. Dismissing the old one first left
 * it on screen beside the new one: sonner keeps a dismissed toast mounted (faded, `data-removed`) when another
 * arrives before its exit finishes.
 */
const TOAST_ID = 'qc-toast';

export function showSuccess(message: string): void {
  requestToaster();
  toast.success(message, { id: TOAST_ID, duration: SUCCESS_MS });
}

export function showError(message: string): void {
  requestToaster();
  toast.error(message, { id: TOAST_ID, duration: ERROR_MS });
}
