import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { qcLogout } from '../api/main.ts';
import { browserLocation } from '../api/location.ts';
import { clearSession, type LoginData } from '../api/session.ts';
import listConfig from '../config/inspection-list.json';
import { adminLinks, mainLinks, SCREENS_IN_THIS_BUILD, type NavLinkItem } from './nav.ts';
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

/** How many of a row's links fit in its width, given where each link ends: the links after them go in 'More'. */
export function fittingLinks(rights: readonly number[], width: number): number {
  const first = rights.findIndex((right) => right > width + 0.5);
  return first === -1 ? rights.length : first;
}

/**
 * How many of the row's links are in view. A ResizeObserver on the row and on each link re-measures when the window,
 * the header's other items or a link's font change it; its first answer comes before the first paint, with no layout
 * forced by the header. Without ResizeObserver (an old browser, jsdom) every link counts as fitting.
 */
function useFittingLinks(row: RefObject<HTMLDivElement | null>, count: number): number {
  const [fitting, setFitting] = useState(count);
  useLayoutEffect(() => {
    const box = row.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const left = box.getBoundingClientRect().left;
      setFitting(fittingLinks([...box.children].map((link) => link.getBoundingClientRect().right - left), box.clientWidth));
    });
    observer.observe(box);
    for (const link of box.children) observer.observe(link);
    return () => observer.disconnect();
  }, [row, count]);
  return Math.min(fitting, count);
}

/**
 * A header menu of links (the admin pages; the main links that do not fit): a disclosure button and its list; with `reserve`, a hidden placeholder while it has none.
 * Escape, a click elsewhere, focus leaving it or choosing a link closes it; Escape puts focus back on the button.
 */
function HeaderMenu({ id, label, links, reserve = false }: { id: string; label: string; links: NavLinkItem[]; reserve?: boolean }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  if (links.length === 0) {
    // 'More' keeps its place while every link fits, so its showing never narrows the row it is measured against
    // (which would take a second measure, and a frame, to settle).
    return reserve ? (
      <div className="header-menu" aria-hidden="true" inert style={{ visibility: 'hidden' }}>
        <button type="button" tabIndex={-1}>
          {label} ▾
        </button>
      </div>
    ) : null;
  }
  const holdsCurrent = links.some((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
  return (
    <div
      ref={box}
      className="header-menu"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button ref={button} type="button" className={holdsCurrent ? 'active' : undefined} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {label} ▾
      </button>
      {open && (
        <ul id={id} className="header-menu-list" aria-label={label}>
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

/** The role's main links in a row, those that do not fit the window in a 'More' menu after it, then the admin menu. */
function MainNav({ role, screens }: { role: string; screens: Screens }) {
  const links = mainLinks(role, screens);
  const row = useRef<HTMLDivElement>(null);
  const fitting = useFittingLinks(row, links.length);
  return (
    <nav aria-label="Main">
      {/* Every link stays in the row, so each keeps its width to measure; those past its end are hidden there
          (inert: no focus, not read) and listed in 'More'. The Admin menu sits outside the row, so its list is not clipped. */}
      <div className="nav-links" ref={row}>
        {links.map((link, i) => (
          <NavLink key={link.to} to={link.to} className={({ isActive }) => `${isActive ? 'active' : ''}${i < fitting ? '' : ' overflowed'}`} inert={i >= fitting}>
            {link.label}
          </NavLink>
        ))}
      </div>
      <HeaderMenu id="more-links" label="More" links={links.slice(fitting)} reserve />
      <HeaderMenu id="admin-menu" label="Admin" links={adminLinks(role, screens)} />
    </nav>
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
  const asked = new URLSearchParams(location.search).get('version') ?? state?.version ?? null;
  // Only a version number is shown: an address's '?version=abc' names no version the page could be showing.
  const version = asked !== null && /^\d{1,9}$/.test(String(asked)) ? asked : null;
  return (
    <header className="app-header">
      <Link to="/" className="brand">QC Panel</Link>
      <MainNav role={session.role} screens={screens} />
      <span className="user">{session.name}</span>
      {version !== null && <span className="badge">Version {version}</span>}
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
