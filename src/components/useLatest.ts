import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A getter, the same in every render, of `values` as the last committed render had them: for what is set up once
 * and called later (a document key listener, a debounce timer, a callback handed to a third party, the actions a
 * machine is given when its component mounts, `useState(() => machine.provide(...))`), so that it never runs a
 * closure of the first render. Updated in a layout effect, not during render: a render React throws away leaves it
 * as it was.
 */
export function useLatest<V>(values: V): () => V {
  const latest = useRef(values);
  useLayoutEffect(() => {
    latest.current = values;
  });
  return useCallback(() => latest.current, []);
}
