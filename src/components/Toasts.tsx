import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToaster, TOAST_OPTIONS, TOAST_POSITION, toasterRequested } from './toast-host.ts';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** sonner's Toaster, mounted once the first toast is asked for (see toast-host.ts). */
export function Toasts() {
  const requested = useSyncExternalStore(subscribeToaster, toasterRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position={TOAST_POSITION} toastOptions={TOAST_OPTIONS} />
    </Suspense>
  );
}
