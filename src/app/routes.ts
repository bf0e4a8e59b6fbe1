import { createElement, useEffect, useReducer, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { draftKey, readDraftAhead, type DraftProduct } from '../api/drafts.ts';
import { preloadProductConfig, preloadReview } from '../api/review-load.ts';
import type { LoginData } from '../api/session.ts';
import { Loading } from '../components/Loading.tsx';
import { APP_NAME } from '../components/page-title.ts';
import type { ProductDefinition } from '../products/definition.ts';
import { canAccess } from '../session/access.ts';

type ScreenModule = Promise<{ default: ComponentType }>;

/** A screen's code: fetched once, by the route's start (`startRoute`) or when the screen first renders. */
export interface ScreenCode {
  load: () => ScreenModule;
  /**
   * Fetches and starts the code ahead of the screen's first render (`warmScreen`), in idle time. A failure here is not
   * the screen's: its render fetches again.
   */
  warm: () => void;
  screen: ComponentType;
}

/**
 * A screen whose code could not be fetched (offline, or a release replaced the chunk the open page names): thrown in
 * its render, so the route's error boundary can say so rather than show a blank page.
 */
export class ScreenLoadError extends Error {
  constructor(readonly reason: unknown) {
    super('The screen\'s code could not be loaded');
    this.name = 'ScreenLoadError';
  }
}

/**
 * The screen renders its module at once when it is loaded (the route's start usually has it by then), else
 * 'Loading...' until it is, through its own state rather than React.lazy and Suspense: React holds the content that
 * replaces a Suspense fallback until 300 ms after the fallback showed (its reveal throttle), which was most of the
 * wait between the review's answers and its rows (issue 18 'Load'). A module that fails to load throws a
 * ScreenLoadError in render, for the route's error boundary (src/app/ScreenBoundary.tsx).
 */
export function screenCode(load: () => ScreenModule): ScreenCode {
  let loading: ScreenModule | undefined;
  let loaded: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  /** One fetch at a time; a failed one is forgotten, so the next call fetches again. */
  const fetchModule = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const once = () =>
    fetchModule().then(
      (module) => {
        failure = undefined;
        return module;
      },
      (error: unknown) => {
        failure = { error: new ScreenLoadError(error) };
        throw error;
      },
    );
  function Screen() {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    const showsModule = loaded !== undefined;
    useEffect(() => {
      // Also when the module came in after this render showed 'Loading...' but before this effect ran (the route's
      // start fetching it as the shell rendered, on a slow machine): with no render then, the screen stayed on
      // 'Loading...' for good.
      if (!showsModule) once().then(rerender, rerender);
    }, [showsModule]);
    // The module first: a failure stays recorded until a load succeeds, and a warm fetch may have brought it since.
    if (loaded) return createElement(loaded);
    if (failure) throw failure.error;
    return createElement(Loading, { className: 'page' });
  }
  return { load: once, warm: () => void fetchModule().catch(() => undefined), screen: Screen };
}

/**
 * The app's route table: one entry per screen route. Each screen is its own chunk (`screenCode` over the screen
 * module's default export), so a route downloads only its own code plus the shared vendor chunk; vite.config.ts
 * groups the review's shared modules.
 *
 * To add a screen: give its module a default export and add one entry here. Role rules stay in
 * src/config/route-access.json; the header shows a nav link only for paths that have an entry here.
 */
export interface ScreenRoute {
  /** React Router path pattern. */
  path: string;
  code: ScreenCode;
  /**
   * public: anyone, no header (also add the path to route-access.json's `public`);
   * private: signed-in users whose role may open the path, others go to /login or their landing;
   * private-return: the same, but a signed-out user goes to /login?carId=..&version=.. and comes back after sign-in.
   */
  access: 'public' | 'private' | 'private-return';
  /**
   * Starts the calls the screen needs at navigation, in parallel with its code (once the route's access check
   * passed); the screen takes the answers when it mounts. Must be cheap to call again with the same params.
   */
  preload?: (params: Readonly<Record<string, string | undefined>>) => void;
  /**
   * Starts reading what the browser keeps for the screen (a review's draft), at page load only (`startRoute`), for
   * `user`: on a navigation inside the app the screen being left may still write it.
   */
  readAhead?: (params: Readonly<Record<string, string | undefined>>, user: string) => void;
  /**
   * A path of the screen this one's rows open (a list's review): its code is fetched and started once this screen is
   * up and the browser idle, for a user who may open it, so the first open does not wait for it (`warmScreen`).
   */
  opens?: string;
  /**
   * Where the user is, for the browser's tab (document.title, `titleAt`): 'Inspections', or from the path's params.
   * A screen may add a detail it loads (the review's appointment ID, `useTitleDetail`).
   */
  title: string | ((params: Readonly<Record<string, string | undefined>>) => string);
  /** A seller's page, not the panel's: its title is its own, without the panel's name. */
  sellerPage?: true;
}

/**
 * A screen of one product: the chunk loads the screen, the product context and that product's definition (its
 * configs, and no other product's) together, and the screen gets the product's active config version from
 * `useProduct()` / `useEngine()` (review products) or `useRulesProduct()`.
 */
function productScreen(product: () => Promise<ProductDefinition>, load: () => ScreenModule): ScreenCode {
  return screenCode(async () => {
    const [{ default: Screen }, { withActiveProduct }, definition] = await Promise.all([load(), import('./ActiveProduct.tsx'), product()]);
    return { default: withActiveProduct(definition, Screen) };
  });
}

const preloadCarReview: ScreenRoute['preload'] = ({ carId }) => {
  preloadProductConfig('car');
  if (carId) preloadReview(carId);
};

/** Reads ahead the user's draft of the record the route's `param` names, under the draft store's product name. */
const draftAhead =
  (product: DraftProduct, param: string): ScreenRoute['readAhead'] =>
  (params, user) => {
    const id = params[param];
    if (id) readDraftAhead(draftKey(user, id, product));
  };
const readCarDraftAhead = draftAhead('review', 'carId');

const ReviewScreen = productScreen(() => import('../products/car.ts').then((m) => m.car), () => import('../screens/review/ReviewScreen.tsx'));
const VersionListScreen = screenCode(() => import('../screens/versions/VersionListScreen.tsx'));
const RefurbishmentVersionScreen = screenCode(() => import('../screens/refurbishment/RefurbishmentVersionScreen.tsx'));

export const ROUTES: readonly ScreenRoute[] = [
  { path: '/login', title: 'Login', code: screenCode(() => import('../screens/login/LoginScreen.tsx')), access: 'public' },
  { path: '/inspection', title: 'Inspections', code: screenCode(() => import('../screens/inspections/InspectionListScreen.tsx')), access: 'private', opens: '/review/0' },
  { path: '/review/:carId', title: 'Review', code: ReviewScreen, access: 'private', preload: preloadCarReview, readAhead: readCarDraftAhead },
  { path: '/re-inspection/:carId', title: 'Re-inspection', code: ReviewScreen, access: 'private-return', preload: preloadCarReview, readAhead: readCarDraftAhead },
  { path: '/inspection-version', title: 'Versions', code: VersionListScreen, access: 'private', opens: '/review/0' },
  { path: '/inspection-version/:appointmentId', title: ({ appointmentId }) => `Versions of ${appointmentId}`, code: VersionListScreen, access: 'private', opens: '/review/0' },
  { path: '/gs-refurbishment', title: 'Refurbishment', code: screenCode(() => import('../screens/refurbishment/RefurbishmentListScreen.tsx')), access: 'private', opens: '/gs-refurbishment-review/0' },
  { path: '/gs-refurbishment-review/:appointmentId', title: ({ appointmentId }) => `Refurbishment review ${appointmentId}`, code: productScreen(() => import('../products/refurbishment.ts').then((m) => m.refurbishment), () => import('../screens/refurbishment/RefurbishmentReviewScreen.tsx')), access: 'private', preload: () => preloadProductConfig('refurbishment'), readAhead: draftAhead('refurbishment', 'appointmentId') },
  { path: '/gs-refurbishment-version', title: 'Refurbishment versions', code: RefurbishmentVersionScreen, access: 'private' },
  { path: '/gs-refurbishment-version/:appointment', title: ({ appointment }) => `Refurbishment versions of ${appointment}`, code: RefurbishmentVersionScreen, access: 'private' },
  { path: '/gs-unflagging', title: 'GS Unflagging', code: screenCode(() => import('../screens/gs/GsListScreen.tsx')), access: 'private', opens: '/gs-unflagging-details/0' },
  { path: '/gs-unflagging-details/:appointmentId', title: ({ appointmentId }) => `GS Unflagging ${appointmentId}`, code: productScreen(() => import('../products/gs-unflagging.ts').then((m) => m.gsUnflagging), () => import('../screens/gs/GsDetailScreen.tsx')), access: 'private', preload: () => preloadProductConfig('gs-unflagging'), readAhead: draftAhead('gs', 'appointmentId') },
  { path: '/customer-audit/:appointmentId/:expiryTime', title: 'Your inspection', sellerPage: true, code: screenCode(() => import('../screens/public/CustomerAuditScreen.tsx')), access: 'public' },
  { path: '/sell-online', title: 'Your offer', sellerPage: true, code: screenCode(() => import('../screens/public/SellOnlineScreen.tsx')), access: 'public' },
  { path: '/public/health', title: 'Health', code: screenCode(() => import('../screens/public/HealthScreen.tsx')), access: 'public' },
  { path: '/view-image/:index', title: 'Image', code: screenCode(() => import('../screens/image/ImageViewerScreen.tsx')), access: 'private' },
  { path: '/car-variant-list', title: 'Car variants', code: screenCode(() => import('../screens/variants/CarVariantListScreen.tsx')), access: 'private' },
  { path: '/add-car-variant', title: 'Car variant', code: screenCode(() => import('../screens/variants/AddCarVariantScreen.tsx')), access: 'private' },
  { path: '/admin', title: 'Store cancellation X factor', code: screenCode(() => import('../screens/admin/XFactorScreen.tsx')), access: 'private' },
  { path: '/admin-rv', title: 'Registration / variant correction', code: screenCode(() => import('../screens/admin/RegVariantScreen.tsx')), access: 'private' },
  { path: '/admin-odo', title: 'Odometer correction', code: screenCode(() => import('../screens/admin/OdometerScreen.tsx')), access: 'private' },
  { path: '/update-cj', title: 'Upload CJ leave', code: screenCode(() => import('../screens/admin/CjLeaveScreen.tsx')), access: 'private' },
  { path: '/admin-vtt', title: 'Video tutorial trigger', code: screenCode(() => import('../screens/admin/VideoTutorialScreen.tsx')), access: 'private' },
  { path: '/inspection-bike', title: 'Bike QC', code: screenCode(() => import('../screens/bike/BikeListScreen.tsx')), access: 'private', opens: '/bike-review/0' },
  { path: '/bike-review/:appointmentId', title: ({ appointmentId }) => `Bike review ${appointmentId}`, code: productScreen(() => import('../products/bike.ts').then((m) => m.bike), () => import('../screens/bike/BikeReviewScreen.tsx')), access: 'private', preload: () => preloadProductConfig('bike'), readAhead: draftAhead('bike', 'appointmentId') },
  { path: '/inspection-bike-version/:appointment', title: ({ appointment }) => `Bike versions of ${appointment}`, code: screenCode(() => import('../screens/bike/BikeVersionsScreen.tsx')), access: 'private' },
  { path: '/bike-report/:appointmentId', title: ({ appointmentId }) => `Bike report ${appointmentId}`, code: screenCode(() => import('../screens/bike/BikeReportScreen.tsx')), access: 'private' },
  { path: '/config-studio', title: 'Config studio', code: screenCode(() => import('../screens/studio/ConfigStudioScreen.tsx')), access: 'private' },
];

/** First path segments that have a screen in this build ('/inspection', '/review', ...). */
export const ROUTED_SEGMENTS: ReadonlySet<string> = new Set(ROUTES.map((r) => `/${r.path.split('/')[1]}`));

/** The route of `pathname` and its params, or null when no route has it. */
function routeAt(pathname: string): { route: ScreenRoute; params: Readonly<Record<string, string | undefined>> } | null {
  for (const route of ROUTES) {
    const match = matchPath(route.path, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}

/** /unauth and every path without a route (App.tsx `Unauthorised`). */
export const NOT_AUTHORISED_TITLE = 'Not authorised';

/**
 * The browser tab's text on `pathname` (document.title, rendered by the shell): where the user is, then the panel's
 * name ('Review 1005120037 · QC Review Panel'), so a tab, the history list and a screen reader's page announcement
 * each say which page it is. `detail` is what the screen added once it loaded (`useTitleDetail`). '/' only redirects.
 */
export function titleAt(pathname: string, detail?: string): string {
  if (pathname === '/') return APP_NAME;
  const found = routeAt(pathname);
  if (!found) return `${NOT_AUTHORISED_TITLE} · ${APP_NAME}`;
  const { route, params } = found;
  const where = typeof route.title === 'string' ? route.title : route.title(params);
  const full = detail ? `${where} ${detail}` : where;
  return route.sellerPage ? full : `${full} · ${APP_NAME}`;
}

/**
 * Starts the route of `pathname` as the app starts, before React's first render (src/main.tsx): its screen's code
 * and its calls, in parallel (issue 18 'Load'). Only for a user who may open it, as the route's guard will decide;
 * the guard's own render (App.tsx) starts the same things again for later navigations, which costs nothing twice.
 * Answers the screen's code load (settled either way: a failure shows when the screen renders), or null when no
 * screen's code was started.
 */
export function startRoute(pathname: string, session: LoginData | null): Promise<void> | null {
  const found = routeAt(pathname);
  if (!found) return null;
  const { route, params } = found;
  if (route.access !== 'public' && (!session || !canAccess(session.role, pathname))) return null;
  // The calls first: the browser sends requests to the origin on six connections in the order they are made, and
  // the screen's code is several requests.
  route.preload?.(params);
  if (session) route.readAhead?.(params, session.email);
  return route.code.load().then(
    () => undefined,
    () => undefined,
  );
}

/** Fetches and starts the screen code of `pathname`'s route, if any (ScreenCode `warm`). */
export function warmScreen(pathname: string): void {
  routeAt(pathname)?.route.code.warm();
}

/** The longest the app's first render waits for the opened route's screen code (`renderWhenScreenReady`). */
export const FIRST_RENDER_WAIT_MS = 500;

/**
 * Runs the app's first render (`render`) once the opened route's screen code (`startRoute`'s answer) is in, so the
 * shell and the screen render, lay out and paint once, rather than the shell with 'Loading...' first and the screen
 * in another pass (issue 18 'Load': ~13 ms of a /review load). Code slower than FIRST_RENDER_WAIT_MS (a slow network)
 * gets the shell and 'Loading...' first, as any route without screen code to wait for does at once.
 */
export function renderWhenScreenReady(code: Promise<void> | null, render: () => void): void {
  if (!code) {
    render();
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((done) => (timer = setTimeout(done, FIRST_RENDER_WAIT_MS)));
  void Promise.race([code, waited]).then(() => {
    clearTimeout(timer);
    render();
  });
}
