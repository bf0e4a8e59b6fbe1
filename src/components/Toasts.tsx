import { useEffect, useSyncExternalStore } from 'react';
import { announced, loadedSonner, setToasterInPage, subscribeToasts, TOAST_OPTIONS, TOAST_POSITION, type ToastKind } from './toast-host.ts';

/**
 * The host's live regions, in the page from its load, so the first toast is heard (toast-host.ts): an error
 * assertively, a success politely. Visually hidden: the toast itself is what the eye reads. Live regions without the
 * status and alert roles: empty ones of those roles on every page would be found by anyone (or any test) looking
 * for the page's own status line or error.
 */
function Announcements() {
  const said = useSyncExternalStore(subscribeToasts, announced);
  const text = (kind: ToastKind) => (said?.kind === kind ? said.message : '');
  return (
    <>
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {text('success')}
      </div>
      <div aria-live="assertive" aria-atomic="true" className="sr-only">
        {text('error')}
      </div>
    </>
  );
}

/** sonner's Toaster, its region in the page from its mount on. */
function Toaster({ sonner }: { sonner: NonNullable<ReturnType<typeof loadedSonner>> }) {
  useEffect(() => {
    setToasterInPage(true);
    return () => setToasterInPage(false);
  }, []);
  return <sonner.Toaster position={TOAST_POSITION} toastOptions={TOAST_OPTIONS} />;
}

/** The toasts' host: its own live regions from the start, and sonner's Toaster once the first toast has loaded sonner. */
export function Toasts() {
  const sonner = useSyncExternalStore(subscribeToasts, loadedSonner);
  return (
    <>
      <Announcements />
      {sonner && <Toaster sonner={sonner} />}
    </>
  );
}
