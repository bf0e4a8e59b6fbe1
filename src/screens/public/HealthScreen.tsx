import { useEffect, useState } from 'react';
import { fetchHealth } from '../../api/public.ts';
import './public.css';

/** /public/health (spec 002 §2): the server and its database answer; no sign-in. */
export function HealthScreen() {
  const [state, setState] = useState<string>('Checking...');
  useEffect(() => {
    fetchHealth().then(
      (health) => setState(`Server: ${health.status}, database: ${health.database} (${health.time})`),
      () => setState('Server: not reachable'),
    );
  }, []);
  return (
    <main className="public-page">
      <h1>Health</h1>
      <p role="status">{state}</p>
    </main>
  );
}

export default HealthScreen;
