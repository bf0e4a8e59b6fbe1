import { Link, NavLink, useNavigate } from 'react-router-dom';
import { qcLogout } from '../api/main.ts';
import { clearSession } from '../api/session.ts';
import { canAccess } from './access.ts';
import { PerformancePanel } from './PerformancePanel.tsx';
import { useSession } from './useSession.ts';

const NAV: { to: string; label: string }[] = [
  { to: '/inspection', label: 'Car QC' },
  { to: '/inspection-bike', label: 'Bike QC' },
  { to: '/inspection-version', label: 'Versions' },
  { to: '/refurbishment', label: 'Refurbishment' },
  { to: '/admin', label: 'Admin' },
  { to: '/gs-unflagging', label: 'GS Unflagging' },
];

/** Shared header shell: user, navigation by role, logout (spec 000 §2 'Header'). */
export function Header() {
  const session = useSession();
  const navigate = useNavigate();
  if (!session) return null;
  const logout = async () => {
    // A failed logout still signs out locally (spec 000 §7).
    await qcLogout(session.email, session.access_token).catch(() => undefined);
    clearSession();
    navigate('/login', { replace: true });
  };
  return (
    <header className="app-header">
      <Link to="/" className="brand">QC Panel</Link>
      <nav aria-label="Main">
        {NAV.filter((item) => canAccess(session.role, item.to)).map((item) => (
          <NavLink key={item.to} to={item.to}>{item.label}</NavLink>
        ))}
      </nav>
      <span className="user">{session.name}</span>
      {session.role === 'qc' && <PerformancePanel email={session.email} />}
      <button type="button" onClick={logout}>Logout</button>
    </header>
  );
}
