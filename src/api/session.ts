/** What sign-in stores in local storage (spec 000 §3 'Local storage keeps'). */
export interface LoginData {
  access_token: string;
  role: string;
  email: string;
  name: string;
  isExcludedUser: boolean;
  imageHost?: string;
  imageQuality?: string;
  videoHost?: string;
  firebaseToken?: string;
}

const KEY = 'loginData';

export function readSession(): LoginData | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as LoginData) : null;
  } catch {
    return null;
  }
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
