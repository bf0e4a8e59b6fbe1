/**
 * Where the focus goes after a navigation inside the app. The old page's content is gone, and the focus with it, to
 * <body>: a screen reader says nothing of the new page and the next Tab starts at the top. As single-page apps do, the
 * focus goes to the new page's main heading (its <main>'s h1, made focusable with tabIndex -1), or to <main> itself
 * when no h1 has come by HEADING_WAIT_MS (a screen that failed). Not at the page's load (a redirect then, '/' to the
 * user's list, is the app's doing, not the user's), not when only the query changes (a filter, a tab), and never over
 * a focus placed since (the screen's own, such as a dialog, or the user's).
 */
import { useEffect, useRef } from 'react';

/** Longer than a review's load on a slow machine; after it, <main> takes the focus. */
export const HEADING_WAIT_MS = 5000;

/** Events that mean the user is acting: until one, a path change is the app's own. */
const USER_EVENTS = ['pointerdown', 'keydown', 'popstate'] as const;

/** Moves the focus to the main heading when `pathname` changes after the user first acted (see above). */
export function useFocusOnNavigation(pathname: string): void {
  const shown = useRef(pathname);
  const acted = useRef(false);
  useEffect(() => {
    if (acted.current) return;
    const act = () => {
      acted.current = true;
      stop();
    };
    function stop() {
      for (const type of USER_EVENTS) window.removeEventListener(type, act, true);
    }
    for (const type of USER_EVENTS) window.addEventListener(type, act, true);
    return stop;
  }, []);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (acted.current) return focusMainHeading(document.activeElement);
  }, [pathname]);
}

/**
 * Focuses the page's main heading once it is there (a screen may show 'Loading...' first), unless the focus moved
 * from `from` (where it was as the new page came) meanwhile. Answers a function that stops waiting.
 */
function focusMainHeading(from: Element | null): () => void {
  const root = document.getElementById('root') ?? document.body;
  const focus = (target: HTMLElement) => {
    const now = document.activeElement;
    if (now && now !== document.body && now !== from) return;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    // The page keeps its scroll: a list the user comes back to may have its own.
    target.focus({ preventScroll: true });
  };
  const heading = () => root.querySelector<HTMLElement>('main h1');
  const now = heading();
  if (now) {
    focus(now);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const found = heading();
    if (!found) return;
    stop();
    focus(found);
  });
  const timer = setTimeout(() => {
    stop();
    const main = root.querySelector('main');
    if (main) focus(main);
  }, HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(root, { childList: true, subtree: true });
  return stop;
}
