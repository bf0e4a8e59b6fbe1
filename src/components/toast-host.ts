/**
 * sonner, loaded with the first toast and shared by the toasts (toast.ts) and their host (Toasts.tsx): its module adds
 * its style sheet to the page as it runs, which restyled every page at its load, toast or not (issue 18 'Load'), so
 * routes that never toast (/login) never load it. The Toaster mounts once the module is in; sonner replays toasts
 * made before it mounts. A load that fails (the network is down) is tried again by the next toast, and never reaches
 * React: a failed lazy component would unmount the whole app.
 *
 * sonner's Toaster brings its aria-live region with it, and a screen reader does not read what a live region holds
 * as the region is added: the first toast, which came with the region, went unheard. So the host has live regions of
 * its own in the page from the start (Toasts.tsx), which say the toasts made before the Toaster is in (`announce`).
 * The Toaster then mounts only once they have been said for ANNOUNCED_MS, in the same render that empties them: a
 * toast's text is never in the page twice (which a screen reader would read twice, and a search by text would find
 * twice), and from then on sonner's region says each toast alone.
 */
export const TOAST_POSITION = 'top-center' as const;

/** sonner draws no progress bar; the close button stays off as in the spec's toasts. */
export const TOAST_OPTIONS = { closeButton: false } as const;

/**
 * How long the host's regions hold a toast before sonner shows it: a screen reader takes a live region's new text as
 * the browser reports the change, a frame or two later; the margin is for a slow one. It delays the page's first
 * toast alone.
 */
export const ANNOUNCED_MS = 300;

type Sonner = typeof import('sonner');

export type ToastKind = 'success' | 'error';

/** A toast the host's own live regions say: an error assertively, a success politely. */
export interface Announcement {
  kind: ToastKind;
  message: string;
}

/** What the host renders: sonner's Toaster once it may mount, else the toasts its own regions say. */
export interface ToastHost {
  toaster: Sonner | undefined;
  announcement: Announcement | null;
}

let loading: Promise<Sonner> | undefined;
let loaded: Sonner | undefined;
let host: ToastHost = { toaster: undefined, announcement: null };
let saying: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function update(next: ToastHost): void {
  host = next;
  for (const listener of listeners) listener();
}

/** The Toaster mounts once sonner is in and the host's regions have nothing left to say. */
function mountWhenSaid(): void {
  if (loaded && !host.announcement && !host.toaster) update({ toaster: loaded, announcement: null });
}

export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      loaded = module;
      mountWhenSaid();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Listens for what the host renders (`toastHost`). */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the host renders now. */
export const toastHost = (): ToastHost => host;

/** sonner's module once loaded, else undefined. */
export const loadedSonner = (): Sonner | undefined => loaded;

/** Says a toast in the host's regions while sonner's Toaster is not in the page (see above); nothing once it is. */
export function announce(kind: ToastKind, message: string): void {
  if (host.toaster) return;
  update({ toaster: undefined, announcement: { kind, message } });
  clearTimeout(saying);
  saying = setTimeout(() => {
    update({ toaster: undefined, announcement: null });
    mountWhenSaid();
  }, ANNOUNCED_MS);
}
