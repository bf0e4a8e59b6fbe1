/** Lookup lists for select rows whose choices come from a call (000 §7 Lookups), fetched once per lookup and parent. */
import { useEffect, useState } from 'react';
import { fetchComments, fetchLookup, type LookupOption } from '../../api/review.ts';

const cache = new Map<string, Promise<LookupOption[]>>();

export function loadLookup(lookup: string, parentId?: string | number | null): Promise<LookupOption[]> {
  const key = `${lookup}|${parentId ?? ''}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = fetchLookup(lookup, parentId);
    cache.set(key, hit);
  }
  return hit;
}

/**
 * Comment choices of a section (`GET api/comments?section`), ranked; failures give none. Asked only for sections
 * whose rows name the `comments` lookup in their config.
 */
export function loadComments(section: string): Promise<LookupOption[]> {
  const key = `comments|${section}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = fetchComments(section)
      .then((list) => [...list].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)).map((c) => ({ id: c.id, label: c.comment })))
      .catch(() => []);
    cache.set(key, hit);
  }
  return hit;
}

/** For tests: forget cached lookups. */
export function clearLookupCache(): void {
  cache.clear();
}

/** The options of a lookup, loaded only while `enabled` (read-only rows never fetch). `comments:<section>` loads comment choices. */
export function useLookup(lookup: string | undefined, parentId: string | number | null | undefined, enabled: boolean): LookupOption[] | null {
  const [state, setState] = useState<{ key: string; options: LookupOption[] } | null>(null);
  const key = `${lookup}|${parentId ?? ''}`;
  useEffect(() => {
    if (!lookup || !enabled) return;
    let live = true;
    const load = lookup.startsWith('comments:') ? loadComments(lookup.slice('comments:'.length)) : loadLookup(lookup, parentId);
    load.then((options) => live && setState({ key, options }));
    return () => {
      live = false;
    };
  }, [lookup, parentId, enabled, key]);
  return state?.key === key ? state.options : null;
}
