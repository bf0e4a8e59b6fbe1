import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { qcLogout } from '../api/main.ts';
import { browserLocation } from '../api/location.ts';
import { clearSession, type LoginData } from '../api/session.ts';
import listConfig from '../config/inspection-list.json';
import { adminLinks, mainLinks, SCREENS_IN_THIS_BUILD } from './nav.ts';
import { PerformancePanel } from './PerformancePanel.tsx';

/** The report link's target: VITE_INSPECTION_REPORT_PDF_URL, else the list config's; none hides the link (no dead link). */
export const INSPECTION_REPORT_PDF_URL: string | null = import.meta.env.VITE_INSPECTION_REPORT_PDF_URL || listConfig.inspectionReportPdfUrl;

/**
 * Logout (spec 000 §7): POST v2/api/qcLogout, then — whether or not it worked — clear local storage,
 * sign out of Google's auto-select, and go to /login with a full reload.
 */
export async function logout(session: Pick<LoginData, 'email' | 'access_token'>): Promise<void> {
  try {
    await qcLogout(session.email, session.access_token);
  } catch {
    // A failed logout still signs out (spec 000 §7).
  }
  window.google?.accounts?.id?.disableAutoSelect?.();
  clearSession();
  browserLocation.assign('/login');
}

type Screens = Parameters<typeof mainLinks>[1];

function AdminMenu({ role, screens }: { role: string; screens: Screens }) {
  const [open, setOpen] = useState(false);
  const links = adminLinks(role, screens);
  if (links.length === 0) return null;
  return (
    <div className="header-menu">
      <button type="button" aria-expanded={open} aria-controls="admin-menu" onClick={() => setOpen((o) => !o)}>
        Admin ▾
      </button>
      {open && (
        <ul id="admin-menu" className="header-menu-list" aria-label="Admin">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} onClick={() => setOpen(false)}>{link.label}</NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Shared header shell (spec 000 §2 'Header'): user name, optional version, links by role, performance, report PDF, Logout. */
export function Header({
  session,
  screens = SCREENS_IN_THIS_BUILD,
  reportPdfUrl = INSPECTION_REPORT_PDF_URL,
}: {
  session: LoginData;
  screens?: Screens;
  reportPdfUrl?: string | null;
}) {
  const location = useLocation();
  const state = location.state as { version?: number | string } | null;
  const version = new URLSearchParams(location.search).get('version') ?? state?.version ?? null;
  return (
    <header className="app-header">
      <Link to="/" className="brand">QC Panel</Link>
      <nav aria-label="Main">
        {/* Its own scroller: on a narrow window the links scroll within the header, which keeps the user's name and
            Logout in view; the Admin menu sits outside it, so its list is not clipped. */}
        <div className="nav-links">
          {mainLinks(session.role, screens).map((link) => (
            <NavLink key={link.to} to={link.to}>{link.label}</NavLink>
          ))}
        </div>
        <AdminMenu role={session.role} screens={screens} />
      </nav>
      <span className="user">{session.name}</span>
      {version !== null && version !== '' && <span className="badge">Version {version}</span>}
      {session.role === 'qc' && <PerformancePanel email={session.email} />}
      {reportPdfUrl && (
        <a href={reportPdfUrl} target="_blank" rel="noreferrer">
          Inspection Report PDF
        </a>
      )}
      <button type="button" onClick={() => void logout(session)}>Logout</button>
    </header>
  );
}
