/**
 * The browser tab's text (document.title) says where the user is. The route table gives each route its words
 * (src/app/routes.ts `titleAt`) and the shell renders the one <title>; a screen whose title needs what it loads (the
 * review's appointment ID) adds that detail here once it has it. One <title> element, not one per screen: with two,
 * which one the tab shows would depend on the order React inserted them.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

export const APP_NAME = 'QC Review Panel';

let added: { path: string; text: string } | null = null;
const listeners = new Set<() => void>();

function set(next: typeof added): void {
  added = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Adds `text` to the open route's title ('Review' → 'Review 1005120037') while the calling component is mounted. An
 * effect, so after the screen's first paint: the title is not on a load's way.
 */
export function useTitleDetail(text: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const mine = { path: pathname, text };
    set(mine);
    return () => {
      if (added === mine) set(null);
    };
  }, [pathname, text]);
}

/** The detail a screen on `pathname` added to its title (`useTitleDetail`), if any. */
export function useTitleDetailOf(pathname: string): string | undefined {
  const current = useSyncExternalStore(subscribe, () => added);
  return current?.path === pathname ? current.text : undefined;
}
