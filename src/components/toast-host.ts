/**
 * Whether any toast has been asked for yet. The app mounts sonner's Toaster (and downloads it) only from then on,
 * which keeps it off routes that never toast, such as /login; sonner replays toasts made before its Toaster mounts.
 */
export const TOAST_POSITION = 'top-center' as const;

/** sonner draws no progress bar; the close button stays off as in the spec's toasts. */
export const TOAST_OPTIONS = { closeButton: false } as const;

let requested = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toasterRequested = (): boolean => requested;
