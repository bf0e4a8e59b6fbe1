/**
 * The route's screen behind an error boundary: a screen that throws in render (its code could not be fetched, or a
 * defect) shows the spec's 'Oops!' panel and a way back, under the header, instead of React unmounting the whole app
 * to a blank page. The shell (the header) has one of its own around it (src/app/App.tsx AppRoutes). The error itself
 * is never shown (React logs it to the console); a review's unsent changes are in its draft, which the reload
 * restores.
 */
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { ScreenLoadError } from './routes.ts';

/** Both causes in one line: an open page cannot tell a dropped connection from a release that replaced its chunks. */
export const SCREEN_NOT_LOADED = 'This page could not be loaded: the connection dropped, or the panel was updated. Reload the page to continue.';
export const SCREEN_FAILED = 'This page stopped working. Reload the page to continue.';
export const RELOAD = 'Reload page';

function ScreenFailed({ error }: FallbackProps) {
  return (
    <main className="page">
      <ErrorPanel detail={error instanceof ScreenLoadError ? SCREEN_NOT_LOADED : SCREEN_FAILED} />
      {/* A reload, not a re-render: the browser keeps a failed script import until the page is loaded again. */}
      <button type="button" onClick={() => location.reload()}>
        {RELOAD}
      </button>
    </main>
  );
}

/** Another path is another screen: it renders afresh. */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={ScreenFailed} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
