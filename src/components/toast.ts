/** Toasts of spec 000 §8: success 3 s, error 5 s, top centre, no progress bar, each one dismissing the previous. */
import type { toast as sonnerToast } from 'sonner';
import { announce, loadSonner, type ToastKind } from './toast-host.ts';

export const SUCCESS_MS = 3000;
export const ERROR_MS = 5000;

/**
 * The toast on screen: a new toast takes its id, so it replaces that toast in place. Dismissing the old one first
 * left it on screen beside the new one: sonner keeps a dismissed toast mounted (faded, `data-removed`) when another
 * arrives before its exit finishes. Once a toast starts closing its id is retired: sonner unmounts a closing toast
 * 200 ms later whatever reached it meanwhile, so a toast sent to that id then was never seen (a studio activation's
 * 'Version 1 is active' a few seconds after a save's toast, say).
 */
let onScreen: { id: string; kind: ToastKind; message: string; duration: number; sent: object } | undefined;
let lastId = 0;

function show(kind: ToastKind, message: string, duration: number): void {
  const id = onScreen?.id ?? `qc-toast-${++lastId}`;
  const sent = {}; // this call's mark: its closing callback is the one on the toast once sonner has its update
  onScreen = { id, kind, message, duration, sent };
  announce(kind, message);
  const closing = () => {
    if (onScreen?.id !== id) return;
    const last = onScreen;
    onScreen = undefined;
    // sonner hands an update to its list a task later: the latest one, sent as the toast closed, is shown afresh.
    if (last.sent !== sent) show(last.kind, last.message, last.duration);
  };
  withToast(
    (toast) => toast[kind](message, { id, duration, onAutoClose: closing, onDismiss: closing }),
    // An error the reviewer must see: if the toast's code cannot be loaded (the network is down), an alert says it.
    kind === 'error' ? () => window.alert(message) : undefined,
  );
}

function withToast(make: (toast: typeof sonnerToast) => void, fallback?: () => void): void {
  loadSonner().then((sonner) => make(sonner.toast), () => fallback?.());
}

export function showSuccess(message: string): void {
  show('success', message, SUCCESS_MS);
}

export function showError(message: string): void {
  show('error', message, ERROR_MS);
}
