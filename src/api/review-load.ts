/**
 * The calls /review/{carId} needs before its rows can show, started at navigation by the route's preload
 * (src/app/routes.ts: before React's first render on a page load) in parallel with the screen's code, and taken by
 * the screen when it mounts (issue 18 'Load'). The product's active config version is one of them.
 * The registry data follows the detail at once (it is keyed by the appointment the detail names) without waiting
 * for the screen; the screen renders the rows without it and adds its comparisons when it comes.
 */
import type { InspectionDetail, RegistryData } from '../products/car/inspection.ts';
import { fetchAhead, takeAhead, takeAnswerNow } from './cache.ts';
import { fetchInspection } from './main.ts';
import { fetchReviewConfig, type ActiveReviewConfig } from './review-config.ts';
import { fetchAppConfig, fetchRegistry, type AppConfig } from './review.ts';

const inspectionKey = (carId: string) => `inspection|${carId}`;
const registryKey = (appointmentId: string) => `registry|${appointmentId}`;
const CONFIG_KEY = 'appConfig';
const productConfigKey = (product: string) => `review-config|${product}`;

/** A missing or failed config answers every flag off. */
const appConfigOrOff = () => fetchAppConfig().catch((): AppConfig => ({ duplicateKeyConfig: 0 }));
/** Registry data is optional: a failed fetch leaves every comparison as info. */
const registryOrNone = (appointmentId: string) => fetchRegistry(appointmentId).catch(() => null);

/** Starts every call of the review of `carId` (navigation). */
export function preloadReview(carId: string): void {
  fetchAhead(CONFIG_KEY, appConfigOrOff);
  fetchAhead(inspectionKey(carId), () => fetchInspection(carId)).then(
    (inspection) => fetchAhead(registryKey(inspection.appointmentId), () => registryOrNone(inspection.appointmentId)),
    () => undefined,
  );
}

/** The inspection and the app's flags: the preloaded answers when recent, else new calls. */
export function loadReviewBasics(carId: string): Promise<[InspectionDetail, AppConfig]> {
  return Promise.all([takeAhead(inspectionKey(carId), () => fetchInspection(carId)), takeAhead(CONFIG_KEY, appConfigOrOff)]);
}

/** The registry data of an appointment (null when it cannot be had). */
export function loadRegistry(appointmentId: string): Promise<RegistryData | null> {
  return takeAhead(registryKey(appointmentId), () => registryOrNone(appointmentId));
}

/** Starts the call for `product`'s active config version (navigation to one of its review routes). */
export function preloadProductConfig(product: string): void {
  fetchAhead(productConfigKey(product), () => fetchReviewConfig(product));
}

/** `product`'s active config version: the preloaded answer when recent, else a new call. */
export function loadProductConfig(product: string): Promise<ActiveReviewConfig> {
  return takeAhead(productConfigKey(product), () => fetchReviewConfig(product));
}

/** `product`'s active config version when its preloaded answer is already in (taken), else null. */
export function productConfigNow(product: string): ActiveReviewConfig | null {
  return takeAnswerNow<ActiveReviewConfig>(productConfigKey(product))?.value ?? null;
}
