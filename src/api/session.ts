/** What sign-in stores in local storage (spec 000 §3 'Local storage keeps'). */
export interface LoginData {
  access_token: string;
  role: string;
  email: string;
  name: string;
  isExcludedUser: boolean;
  /** 002 §3 'Stored login data': the image host, its resizing query and the video host. */
  imageHostUrl?: string;
  imageResizingQueryString?: string;
  videoHostUrl?: string;
  firebaseToken?: string;
}

const KEY = 'loginData';

/** The signed-in user, or null. Stored data without an access token is no user (see storePublicPageRole). */
export function readSession(): LoginData | null {
  try {
    const raw = localStorage.getItem(KEY);
    const data = raw ? (JSON.parse(raw) as Partial<LoginData> | null) : null;
    return data && typeof data.access_token === 'string' && data.access_token ? (data as LoginData) : null;
  } catch {
    return null;
  }
}

/**
 * Spec 002 §4: the sell-online page 'sets the stored role to qc'. Done only in a browser where nobody is signed in (a
 * seller's): a staff user's stored role stays the one sign-in gave. A role without a token grants nothing: readSession
 * sees no user, the guards send the panel to /login, and the server takes roles from tokens only.
 */
export function storePublicPageRole(role: string): void {
  // Without a token whatever else is stored is no user's: only the role is kept.
  if (!readSession()) localStorage.setItem(KEY, JSON.stringify({ role }));
}

export function writeSession(data: LoginData): void {
  localStorage.setItem(KEY, JSON.stringify(data));
  window.dispatchEvent(new Event('session-change'));
}

/** Clears every stored key (spec 000 §8: a 401 clears local storage). */
export function clearSession(): void {
  localStorage.clear();
  window.dispatchEvent(new Event('session-change'));
}
