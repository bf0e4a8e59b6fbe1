/** Toasts of spec 000 §8: success 3 s, error 5 s, top centre, each one dismissing the previous. */
import { toast } from 'sonner';

export const TOAST_POSITION = 'top-center' as const;

export function showSuccess(message: string): void {
  toast.dismiss();
  toast.success(message, { duration: 3000 });
}

export function showError(message: string): void {
  toast.dismiss();
  toast.error(message, { duration: 5000 });
}
