/**
 * sonner, loaded with the first toast and shared by the toasts (toast.ts) and their host (Toasts.tsx): its module adds
 * its style sheet to the page as it runs, which restyled every page at its load, toast or not (issue 18 'Load'), so
 * routes that never toast (/login) never load it. The Toaster mounts once the module is in; sonner replays toasts
 * made before it mounts. A load that fails (the network is down) is tried again by the next toast, and never reaches
 * React: a failed lazy component would unmount the whole app.
 *
 * sonner's Toaster brings its aria-live region with it, so that region enters the page with the first toast, and a
 * screen reader does not read what a live region holds as it is added: the first toast went unheard. The host's own
 * live regions (Toasts.tsx) are in the page from the start and say the toasts made before the Toaster was
 * (`announced`); once it is, sonner's region says each toast, and the host's say nothing more, so no toast is heard
 * twice.
 */
export const TOAST_POSITION = 'top-center' as const;

/** sonner draws no progress bar; the close button stays off as in the spec's toasts. */
export const TOAST_OPTIONS = { closeButton: false } as const;

type Sonner = typeof import('sonner');

let loading: Promise<Sonner> | undefined;
let loaded: Sonner | undefined;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      loaded = module;
      notify();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Listens for sonner's load and for what the host's live regions say. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** sonner's module once loaded, else undefined. */
export const loadedSonner = (): Sonner | undefined => loaded;

export type ToastKind = 'success' | 'error';

/** A toast the host's own live regions say: an error in the alert region, a success in the status region. */
export interface Announcement {
  kind: ToastKind;
  message: string;
}

let announcement: Announcement | null = null;
let toasterInPage = false;
let clearing: ReturnType<typeof setTimeout> | undefined;

/** What the host's live regions say now (`announce`). */
export const announced = (): Announcement | null => announcement;

/**
 * Says a toast in the host's live regions while sonner's Toaster is not in the page, for its duration: the region's
 * text then goes, so reading the page later does not find an old toast in it. Nothing once the Toaster is in.
 */
export function announce(kind: ToastKind, message: string, duration: number): void {
  if (toasterInPage) return;
  announcement = { kind, message };
  clearTimeout(clearing);
  clearing = setTimeout(() => {
    announcement = null;
    notify();
  }, duration);
  notify();
}

/** Toasts.tsx: sonner's Toaster, and its live region, are in the page (true) or gone (false). */
export function setToasterInPage(inPage: boolean): void {
  toasterInPage = inPage;
}
