import { useSyncExternalStore } from 'react';
import { readSession, type LoginData } from '../api/session.ts';

let cached: { raw: string | null; data: LoginData | null } = { raw: null, data: null };

function snapshot(): LoginData | null {
  const raw = localStorage.getItem('loginData');
  // Same object while storage is unchanged, as useSyncExternalStore requires.
  if (raw !== cached.raw) cached = { raw, data: readSession() };
  return cached.data;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('session-change', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener('session-change', onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The signed-in user from local storage, re-rendering on sign-in, sign-out and other tabs' changes. */
export function useSession(): LoginData | null {
  return useSyncExternalStore(subscribe, snapshot);
}
