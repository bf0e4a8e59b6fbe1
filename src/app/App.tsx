import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Toaster } from 'sonner';
import { canAccess, isPublicPath, landingFor } from './access.ts';
import { Header } from './Header.tsx';
import { TOAST_OPTIONS, TOAST_POSITION } from './toast.ts';
import { useSession } from './useSession.ts';
import { LoginScreen } from '../screens/login/LoginScreen.tsx';
import { InspectionListScreen } from '../screens/inspections/InspectionListScreen.tsx';
import { ImageViewerScreen } from '../screens/image/ImageViewerScreen.tsx';
import { VersionListScreen } from '../screens/versions/VersionListScreen.tsx';

// The review route carries the engine and config: loaded on demand so the list opens fast.
const ReviewScreen = lazy(() => import('../screens/review/ReviewScreen.tsx'));

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

/** The header shell on non-public paths once a user is present (spec 000 §2). */
function Shell() {
  const session = useSession();
  const { pathname } = useLocation();
  return (
    <>
      {session && !isPublicPath(pathname) && <Header session={session} />}
      <Suspense fallback={<p className="page">Loading...</p>}>
        <Outlet />
      </Suspense>
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
function ReInspectionGate() {
  const session = useSession();
  const { carId = '' } = useParams();
  const [search] = useSearchParams();
  if (!session) {
    const query = new URLSearchParams({ carId, version: search.get('version') ?? '' });
    return <Navigate to={`/login?${query}`} replace />;
  }
  return (
    <Private>
      <ReviewScreen />
    </Private>
  );
}

/** Home: the version role goes to the version list, everyone else to their landing (spec 000 §2). */
function Home() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <Navigate to={landingFor(session.role)} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/" element={<Home />} />
        <Route path="/inspection" element={<Private><InspectionListScreen /></Private>} />
        <Route path="/review/:carId" element={<Private><ReviewScreen /></Private>} />
        <Route path="/re-inspection/:carId" element={<ReInspectionGate />} />
        <Route path="/inspection-version" element={<Private><VersionListScreen /></Private>} />
        <Route path="/inspection-version/:appointmentId" element={<Private><VersionListScreen /></Private>} />
        <Route path="/view-image/:index" element={<Private><ImageViewerScreen /></Private>} />
        <Route path="/unauth" element={<Unauthorised />} />
        <Route path="*" element={<Unauthorised />} />
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
      <Toaster position={TOAST_POSITION} toastOptions={TOAST_OPTIONS} />
    </BrowserRouter>
  );
}
