/**
 * Analytics events (spec 000 §7: a right-click on an image raises `right_click`). Events go onto `window.dataLayer`,
 * the Google Tag Manager convention, so whichever tag manager the deployment loads forwards them; the panel itself
 * calls no analytics vendor.
 */
export interface AnalyticsEvent {
  event: string;
  [key: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: AnalyticsEvent[];
  }
}

export function track(event: string, props: Record<string, unknown> = {}): void {
  (window.dataLayer ??= []).push({ event, ...props });
}

/** One listener for every image of the app, present and future; answers its removal. */
export function trackImageRightClicks(root: Document = document): () => void {
  const onContextMenu = (e: MouseEvent) => {
    if (e.target instanceof HTMLImageElement) track('right_click', { src: e.target.currentSrc || e.target.src, path: window.location.pathname });
  };
  root.addEventListener('contextmenu', onContextMenu);
  return () => root.removeEventListener('contextmenu', onContextMenu);
}
