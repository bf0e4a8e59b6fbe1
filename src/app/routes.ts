import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { preloadReview } from '../api/review-load.ts';

/**
 * The app's route table: one entry per screen route. Each screen is its own chunk (React.lazy over the screen
 * module's default export), so a route downloads only its own code plus the shared vendor chunk.
 *
 * To add a screen: give its module a default export and add one entry here. Role rules stay in
 * src/config/route-access.json; the header shows a nav link only for paths that have an entry here.
 */
export interface ScreenRoute {
  /** React Router path pattern. */
  path: string;
  screen: LazyExoticComponent<ComponentType>;
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
}

/**
 * A screen of one product: the chunk loads the screen and the product context together, and the screen gets that
 * product's active config version from `useProduct()` / `useEngine()` (review products) or `useRulesProduct()`.
 */
function productScreen(product: string, load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [{ default: Screen }, { withActiveProduct }] = await Promise.all([load(), import('./ActiveProduct.tsx')]);
    return { default: withActiveProduct(product, Screen) };
  });
}

const preloadCarReview: ScreenRoute['preload'] = ({ carId }) => carId && preloadReview(carId);

const ReviewScreen = productScreen('car', () => import('../screens/review/ReviewScreen.tsx'));
const VersionListScreen = lazy(() => import('../screens/versions/VersionListScreen.tsx'));
const RefurbishmentVersionScreen = lazy(() => import('../screens/refurbishment/RefurbishmentVersionScreen.tsx'));

export const ROUTES: readonly ScreenRoute[] = [
  { path: '/login', screen: lazy(() => import('../screens/login/LoginScreen.tsx')), access: 'public' },
  { path: '/inspection', screen: lazy(() => import('../screens/inspections/InspectionListScreen.tsx')), access: 'private' },
  { path: '/review/:carId', screen: ReviewScreen, access: 'private', preload: preloadCarReview },
  { path: '/re-inspection/:carId', screen: ReviewScreen, access: 'private-return', preload: preloadCarReview },
  { path: '/inspection-version', screen: VersionListScreen, access: 'private' },
  { path: '/inspection-version/:appointmentId', screen: VersionListScreen, access: 'private' },
  { path: '/gs-refurbishment', screen: lazy(() => import('../screens/refurbishment/RefurbishmentListScreen.tsx')), access: 'private' },
  { path: '/gs-refurbishment-review/:appointmentId', screen: productScreen('refurbishment', () => import('../screens/refurbishment/RefurbishmentReviewScreen.tsx')), access: 'private' },
  { path: '/gs-refurbishment-version', screen: RefurbishmentVersionScreen, access: 'private' },
  { path: '/gs-refurbishment-version/:appointment', screen: RefurbishmentVersionScreen, access: 'private' },
  { path: '/gs-unflagging', screen: lazy(() => import('../screens/gs/GsListScreen.tsx')), access: 'private' },
  { path: '/gs-unflagging-details/:appointmentId', screen: productScreen('gs-unflagging', () => import('../screens/gs/GsDetailScreen.tsx')), access: 'private' },
  { path: '/customer-audit/:appointmentId/:expiryTime', screen: lazy(() => import('../screens/public/CustomerAuditScreen.tsx')), access: 'public' },
  { path: '/sell-online', screen: lazy(() => import('../screens/public/SellOnlineScreen.tsx')), access: 'public' },
  { path: '/public/health', screen: lazy(() => import('../screens/public/HealthScreen.tsx')), access: 'public' },
  { path: '/view-image/:index', screen: lazy(() => import('../screens/image/ImageViewerScreen.tsx')), access: 'private' },
  { path: '/car-variant-list', screen: lazy(() => import('../screens/variants/CarVariantListScreen.tsx')), access: 'private' },
  { path: '/add-car-variant', screen: lazy(() => import('../screens/variants/AddCarVariantScreen.tsx')), access: 'private' },
  { path: '/admin', screen: lazy(() => import('../screens/admin/XFactorScreen.tsx')), access: 'private' },
  { path: '/admin-rv', screen: lazy(() => import('../screens/admin/RegVariantScreen.tsx')), access: 'private' },
  { path: '/admin-odo', screen: lazy(() => import('../screens/admin/OdometerScreen.tsx')), access: 'private' },
  { path: '/update-cj', screen: lazy(() => import('../screens/admin/CjLeaveScreen.tsx')), access: 'private' },
  { path: '/admin-vtt', screen: lazy(() => import('../screens/admin/VideoTutorialScreen.tsx')), access: 'private' },
  { path: '/inspection-bike', screen: lazy(() => import('../screens/bike/BikeListScreen.tsx')), access: 'private' },
  { path: '/bike-review/:appointmentId', screen: productScreen('bike', () => import('../screens/bike/BikeReviewScreen.tsx')), access: 'private' },
  { path: '/inspection-bike-version/:appointment', screen: lazy(() => import('../screens/bike/BikeVersionsScreen.tsx')), access: 'private' },
  { path: '/bike-report/:appointmentId', screen: lazy(() => import('../screens/bike/BikeReportScreen.tsx')), access: 'private' },
  { path: '/config-studio', screen: lazy(() => import('../screens/studio/ConfigStudioScreen.tsx')), access: 'private' },
];

/** First path segments that have a screen in this build ('/inspection', '/review', ...). */
export const ROUTED_SEGMENTS: ReadonlySet<string> = new Set(ROUTES.map((r) => `/${r.path.split('/')[1]}`));
