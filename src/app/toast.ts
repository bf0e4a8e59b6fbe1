/** Toasts of spec 000 §8: success 3 s, error 5 s, top centre, no progress bar, each one dismissing the previous. */
import { toast } from 'sonner';
import { requestToaster } from './toast-host.ts';

export const SUCCESS_MS = 3000;
export const ERROR_MS = 5000;

export function showSuccess(message: string): void {
  requestToaster();
  toast.dismiss();
  toast.success(message, { duration: SUCCESS_MS });
}

export function showError(message: string): void {
  requestToaster();
  toast.dismiss();
  toast.error(message, { duration: ERROR_MS });
}
