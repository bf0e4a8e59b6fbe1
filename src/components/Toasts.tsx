import { useSyncExternalStore } from 'react';
import { loadedSonner, subscribeSonner, TOAST_OPTIONS, TOAST_POSITION } from './toast-host.ts';

/** sonner's Toaster, mounted once the first toast has loaded sonner (see toast-host.ts). */
export function Toasts() {
  const sonner = useSyncExternalStore(subscribeSonner, loadedSonner);
  return sonner ? <sonner.Toaster position={TOAST_POSITION} toastOptions={TOAST_OPTIONS} /> : null;
}
