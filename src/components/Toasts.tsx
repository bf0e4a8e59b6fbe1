import { useSyncExternalStore } from 'react';
import { subscribeToasts, TOAST_OPTIONS, TOAST_POSITION, toastHost, type ToastKind } from './toast-host.ts';

/**
 * The toasts' host: its own live regions, in the page from its load, say the toasts made before sonner's Toaster is
 * in (toast-host.ts), an error assertively, a success politely; visually hidden, as the toast itself is what the eye
 * reads. Live regions without the status and alert roles: empty ones of those roles on every page would be found by
 * anyone (or any test) looking for the page's own status line or error. Then sonner's Toaster.
 */
export function Toasts() {
  const { toaster: sonner, announcement } = useSyncExternalStore(subscribeToasts, toastHost);
  const said = (kind: ToastKind) => (announcement?.kind === kind ? announcement.message : '');
  return (
    <>
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {said('success')}
      </div>
      <div aria-live="assertive" aria-atomic="true" className="sr-only">
        {said('error')}
      </div>
      {sonner && <sonner.Toaster position={TOAST_POSITION} toastOptions={TOAST_OPTIONS} />}
    </>
  );
}
