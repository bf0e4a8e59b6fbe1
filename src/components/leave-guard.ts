/**
 * Leaving a review (or the config studio, or the add / edit car variant page) with work the server does not have asks first (issue 16): closing or reloading the tab
 * (beforeunload), the browser's back button, a link anywhere on the page and the review's own ← button.
 * The app's BrowserRouter is not a data router, so React Router's useBlocker is not available: the back button is
 * guarded by one extra history entry of the same URL, whose popstate asks before going on.
 */
import { useCallback, useEffect, useRef } from 'react';

export const LEAVE_QUESTION = 'Leave this review? What you did is not submitted yet (a draft stays on this device).';

/** Set once the page goes away by the reviewer's own choice, which asked already: no guard asks again. */
let leavingOnPurpose = false;

/**
 * Reloads the page without the guard's question: for a reload the reviewer chose, whose work is kept (the tab
 * takeover's 'Continue in this tab', src/components/DraftBar.tsx), where the browser's 'Leave site?' would only ask
 * the same thing twice.
 */
export function reloadWithoutAsking(): void {
  leavingOnPurpose = true;
  window.location.reload();
}

/** `question`: what the screen asks before its work is left behind (the review's by default). */
export function useLeaveGuard(unsaved: boolean, question: string = LEAVE_QUESTION): () => boolean {
  const state = useRef({ unsaved, question, leaving: false });
  state.current.unsaved = unsaved;
  state.current.question = question;

  useEffect(() => {
    if (!unsaved) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (leavingOnPurpose) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onLink = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank' || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      if (new URL(link.href, window.location.href).pathname === window.location.pathname) return;
      if (!window.confirm(state.current.question)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // Back: the guard entry is popped, the page still shows this review; go on back only if the reviewer says so.
    window.history.pushState(window.history.state, '', window.location.href);
    const onPop = () => {
      if (state.current.leaving) return;
      if (window.confirm(state.current.question)) {
        state.current.leaving = true;
        window.history.back();
      } else window.history.pushState(window.history.state, '', window.location.href);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', onLink, true);
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', onLink, true);
      window.removeEventListener('popstate', onPop);
    };
  }, [unsaved]);

  /** For the screen's own ways out (the ← button going to the list): true when leaving is fine. */
  return useCallback(() => !state.current.unsaved || state.current.leaving || window.confirm(state.current.question), []);
}
