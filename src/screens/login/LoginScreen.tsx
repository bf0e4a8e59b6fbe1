import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import demo from '../../config/demo-users.json';
import { oauth } from '../../api/main.ts';
import { writeSession } from '../../api/session.ts';
import { afterLogin, isKnownRole } from '../../session/access.ts';
import { useSession } from '../../session/useSession.ts';
import { emailFromIdToken, renderGoogleButton } from './google.ts';
import { useLatest } from '../../components/useLatest.ts';

/** Shown when the server signs in a user whose role the panel has no screens for (spec 000 §2, §8). */
export const NO_QC_ROLE = 'No valid QC role assigned';

interface Props {
  /** Dev sign-in offers the demo users (DESIGN.md); defaults to VITE_AUTH_MODE !== 'google'. */
  devMode?: boolean;
  /** OAuth client id for the Google button; defaults to VITE_GOOGLE_CLIENT_ID. */
  googleClientId?: string;
}

function GoogleButton({ clientId, isDisabled, onCredential }: { clientId: string; isDisabled: boolean; onCredential: (idToken: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useLatest(onCredential);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!clientId || !ref.current) return;
    renderGoogleButton(ref.current, clientId, (token) => callback()(token)).catch((e: Error) => setFailed(e.message));
  }, [clientId, callback]);
  if (!clientId || failed) {
    // Without a client id (or offline) Google's button cannot render: show a disabled stand-in that says why.
    return (
      <div className="google">
        <button type="button" disabled aria-describedby="google-note">Sign in with Google</button>
        <p id="google-note" className="muted">{failed ?? 'Google sign-in is not configured (VITE_GOOGLE_CLIENT_ID).'}</p>
      </div>
    );
  }
  return <div className="google" ref={ref} aria-disabled={isDisabled} aria-label="Sign in with Google" />;
}

// Native buttons on this page: react-aria's press layer is about 13 KB gzip, a tenth of the route's JS budget.

/** /login: reads key (an error text), carId and version; signs in and routes by role (spec 000 §2 'Sign-in'). */
export function LoginScreen({ devMode = import.meta.env.VITE_AUTH_MODE !== 'google', googleClientId = import.meta.env.VITE_GOOGLE_CLIENT_ID ?? '' }: Props) {
  const session = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [error, setError] = useState<string | null>(search.get('key'));
  const [busy, setBusy] = useState(false);
  const carId = search.get('carId');
  const version = search.get('version');

  // /login is public-only: a signed-in user goes on to where sign-in would have taken them.
  if (session && isKnownRole(session.role)) return <Navigate to={afterLogin(session.role, carId, version)} replace />;

  const signIn = async (email: string, googleIdToken?: string) => {
    setBusy(true);
    setError(null);
    try {
      const data = await oauth(email, googleIdToken);
      // Roles with no QC role are not kept signed in (spec 000 §2).
      if (!isKnownRole(data.role)) {
        setError(NO_QC_ROLE);
        return;
      }
      writeSession(data);
      navigate(afterLogin(data.role, carId, version), { replace: true });
    } catch (e) {
      // The server's words: 'Not a Valid …' for a foreign domain, 'No valid QC role assigned', or any other detail.
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page login">
      <h1>QC Review Panel</h1>
      <GoogleButton clientId={googleClientId} isDisabled={busy} onCredential={(token) => signIn(emailFromIdToken(token), token)} />
      {devMode && (
        <section aria-labelledby="demo-title">
          <h2 id="demo-title">Demo users</h2>
          <p className="muted">Development sign-in: choose a demo user.</p>
          <ul className="demo-users" aria-label="Demo users">
            {demo.users.map((user) => (
              <li key={user.email}>
                <button type="button" disabled={busy} onClick={() => signIn(user.email)}>
                  {user.name} <small>({user.role}) {user.email}</small>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </main>
  );
}

export default LoginScreen;
