/** Google Identity Services: loads the script once and renders Google's own button into an element. */
const SCRIPT_URL = 'https://accounts.google.com/gsi/client';

let loading: Promise<void> | null = null;

function loadScript(): Promise<void> {
  if (window.google?.accounts?.id) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error('Google sign-in could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Renders the Google button; `onCredential` receives the ID token the server verifies (DESIGN.md 'Sign-in'). */
export async function renderGoogleButton(element: HTMLElement, clientId: string, onCredential: (idToken: string) => void): Promise<void> {
  await loadScript();
  const id = window.google?.accounts?.id;
  if (!id) throw new Error('Google sign-in could not be loaded');
  id.initialize({ client_id: clientId, callback: (response) => onCredential(response.credential) });
  id.renderButton(element, { theme: 'outline', size: 'large', text: 'signin_with', width: 320 });
}

/** The e-mail inside a Google ID token (unverified here: the server checks signature, audience and expiry). */
export function emailFromIdToken(idToken: string): string {
  try {
    const payload = idToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '='))) as { email?: unknown };
    return typeof json.email === 'string' ? json.email : '';
  } catch {
    return '';
  }
}
