/**
 * sonner, loaded with the first toast and shared by the toasts (toast.ts) and their host (Toasts.tsx): its module adds
 * its style sheet to the page as it runs, which restyled every page at its load, toast or not (issue 18 'Load'), so
 * routes that never toast (/login) never load it. The Toaster mounts once the module is in; sonner replays toasts
 * made before it mounts. A load that fails (the network is down) is tried again by the next toast, and never reaches
 * React: a failed lazy component would unmount the whole app.
 */
export const TOAST_POSITION = 'top-center' as const;

/** sonner draws no progress bar; the close button stays off as in the spec's toasts. */
export const TOAST_OPTIONS = { closeButton: false } as const;

type Sonner = typeof import('sonner');

let loading: Promise<Sonner> | undefined;
let loaded: Sonner | undefined;
const listeners = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function subscribeSonner(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** sonner's module once loaded, else undefined. */
export const loadedSonner = (): Sonner | undefined => loaded;
