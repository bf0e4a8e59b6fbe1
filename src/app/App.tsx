import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { canAccess, isPublicPath, landingFor } from '../session/access.ts';
import { Header } from './Header.tsx';
import { Toasts } from '../components/Toasts.tsx';
import { ROUTES, titleAt, warmScreen, type ScreenRoute } from './routes.ts';
import { useFocusOnNavigation } from './route-focus.ts';
import { useTitleDetailOf } from '../components/page-title.ts';
import { ScreenBoundary } from './ScreenBoundary.tsx';
import { whenIdle } from '../components/whenIdle.ts';
import { useSession } from '../session/useSession.ts';
import { Loading } from '../components/Loading.tsx';

export const NOT_AUTHORISED = 'You are not authorized for this feature';

/** /unauth and every unknown path (spec 000 §2). */
export function Unauthorised() {
  return (
    <main className="page centered">
      <h1>Oops!</h1>
      <p>{NOT_AUTHORISED}</p>
    </main>
  );
}

/** The tab's title for the path (routes.ts `titleAt`), with what the screen added to it. */
function RouteTitle({ pathname }: { pathname: string }) {
  const detail = useTitleDetailOf(pathname);
  return <title>{titleAt(pathname, detail)}</title>;
}

/**
 * The header shell on non-public paths once a user is present (spec 000 §2); the screen below it behind its error
 * boundary. The shell also titles the tab and moves the focus to a new page's heading, for every route.
 */
function Shell() {
  const session = useSession();
  const { pathname } = useLocation();
  useFocusOnNavigation(pathname);
  return (
    <>
      <RouteTitle pathname={pathname} />
      {session && !isPublicPath(pathname) && <Header session={session} />}
      <ScreenBoundary>
        <Suspense fallback={<Loading className="page" />}>
          <Outlet />
        </Suspense>
      </ScreenBoundary>
    </>
  );
}

/** Signed-in users with access to the path see it; others go to /login or their landing route (spec 000 §2). */
function Private({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session) return <Navigate to="/login" replace />;
  if (!canAccess(session.role, pathname)) return <Navigate to={landingFor(session.role)} replace />;
  return children;
}

/** /re-inspection/{carId} sends a signed-out user to /login?carId=..&version=.. so sign-in brings them back. */
function ReturnAfterSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const { carId = '' } = useParams();
  const [search] = useSearchParams();
  if (!session) {
    const query = new URLSearchParams({ carId, version: search.get('version') ?? '' });
    return <Navigate to={`/login?${query}`} replace />;
  }
  return <Private>{children}</Private>;
}

/** Home: the version role goes to the version list, everyone else to their landing (spec 000 §2). */
function Home() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <Navigate to={landingFor(session.role)} replace />;
}

/**
 * The route's screen, its calls started in the same render that starts loading its code (route preload), so the data
 * and the chunk come in parallel rather than one after the other; and the code of the screen it opens (`opens`)
 * fetched once the page is idle, for a user who may open that.
 */
function Preloaded({ route: { code, preload, opens } }: { route: ScreenRoute }) {
  const Screen = code.screen;
  const params = useParams();
  const key = JSON.stringify(params);
  const role = useSession()?.role;
  // A side effect in render on purpose: an effect would wait for the lazy screen to commit. preload dedupes repeats.
  useMemo(() => preload?.(JSON.parse(key) as typeof params), [preload, key]);
  useEffect(() => {
    if (opens && role && canAccess(role, opens)) return whenIdle(() => warmScreen(opens));
  }, [opens, role]);
  return <Screen />;
}

/** A route's screen behind the guard its table entry names. */
function guarded(route: ScreenRoute): ReactNode {
  const screen = <Preloaded route={route} />;
  if (route.access === 'public') return screen;
  if (route.access === 'private-return') return <ReturnAfterSignIn>{screen}</ReturnAfterSignIn>;
  return <Private>{screen}</Private>;
}

/** The shell behind a boundary too (the screen has its own, under the header): a defect in the header is never a blank page. */
export function AppRoutes() {
  return (
    <ScreenBoundary>
      <Routes>
        <Route element={<Shell />}>
          <Route path="/" element={<Home />} />
          {ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={guarded(route)} />
          ))}
          <Route path="/unauth" element={<Unauthorised />} />
          <Route path="*" element={<Unauthorised />} />
        </Route>
      </Routes>
    </ScreenBoundary>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
      <Toasts />
    </BrowserRouter>
  );
}
