import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A getter, the same in every render, of `values` as the last committed render had them. For the implementations a
 * component gives its machine once, when it mounts (`useState(() => machine.provide(...))`: `provide` builds a whole
 * new machine and @xstate/react runs only the first one it is given): what they use that changes between renders
 * (props, callbacks) they read through it, so an action never runs a closure of the first render.
 */
export function useLatest<V>(values: V): () => V {
  const latest = useRef(values);
  useLayoutEffect(() => {
    latest.current = values;
  });
  return useCallback(() => latest.current, []);
}
