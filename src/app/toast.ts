/** Toasts of spec 000 §8: success 3 s, error 5 s, top centre, no progress bar, each one dismissing the previous. */
import { toast } from 'sonner';

export const TOAST_POSITION = 'top-center' as const;
export const SUCCESS_MS = 3000;
export const ERROR_MS = 5000;

/** sonner draws no progress bar; the close button stays off as in the spec's toasts. */
export const TOAST_OPTIONS = { closeButton: false } as const;

export function showSuccess(message: string): void {
  toast.dismiss();
  toast.success(message, { duration: SUCCESS_MS });
}

export function showError(message: string): void {
  toast.dismiss();
  toast.error(message, { duration: ERROR_MS });
}
