import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from 'react-aria-components';
import demo from '../../config/demo-users.json';
import { oauth } from '../../api/main.ts';
import { writeSession } from '../../api/session.ts';
import { afterLogin } from '../../app/access.ts';
import { useSession } from '../../app/useSession.ts';

const DEV_MODE = import.meta.env.VITE_AUTH_MODE !== 'google';

/** /login: reads key (an error text), carId and version; signs in and routes by role (spec 000 §2 'Sign-in'). */
export function LoginScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [error, setError] = useState<string | null>(search.get('key'));
  const [busy, setBusy] = useState(false);
  const carId = search.get('carId');
  const version = search.get('version');

  if (session) return <Navigate to={afterLogin(session.role, carId, version)} replace />;

  const signIn = async (email: string) => {
    setBusy(true);
    setError(null);
    try {
      const data = await oauth(email);
      writeSession(data);
      navigate(afterLogin(data.role, carId, version), { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page login">
      <h1>QC Review Panel</h1>
      <Button className="google" isDisabled={DEV_MODE} aria-describedby="google-note">Sign in with Google</Button>
      {DEV_MODE && (
        <>
          <p id="google-note" className="muted">Development sign-in: choose a demo user.</p>
          <ul className="demo-users" aria-label="Demo users">
            {demo.users.map((user) => (
              <li key={user.email}>
                <Button isDisabled={busy} onPress={() => signIn(user.email)}>
                  {user.name} <small>({user.role}) {user.email}</small>
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {error && <p role="alert" className="error">{error}</p>}
    </main>
  );
}
