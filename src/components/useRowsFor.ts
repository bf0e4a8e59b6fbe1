import { useEffect, useState } from 'react';
import { UNREADABLE_LIST } from './usePages.ts';

/** The rows in `answer`, or a failure in plain words when it is not a list of them. */
function rowsOf<T>(answer: T[] | null | undefined): T[] {
  if (!Array.isArray(answer)) throw new Error(UNREADABLE_LIST);
  return answer;
}

/** Rows loaded for a key (an appointment searched for): nothing asked yet, loading, failed, or the rows. */
export type RowsLoad<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; rows: T[] };

/**
 * Loads `fetchRows(key)` whenever `key` changes ('' asks for nothing). An answer for a key no longer shown is dropped,
 * and a new key shows 'loading' in the same render instead of the previous key's rows. `fetchRows` and `errorText`
 * must keep their identity between renders (module functions or `useCallback`).
 */
export function useRowsFor<T>(key: string, fetchRows: (key: string) => Promise<T[]>, errorText: (error: unknown) => string): RowsLoad<T> {
  const [load, setLoad] = useState<RowsLoad<T>>({ status: key ? 'loading' : 'idle' });
  const [shownFor, setShownFor] = useState(key);
  if (shownFor !== key) {
    setShownFor(key);
    setLoad({ status: key ? 'loading' : 'idle' });
  }

  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    fetchRows(key).then(rowsOf).then(
      (rows) => !cancelled && setLoad({ status: 'done', rows }),
      (error: unknown) => !cancelled && setLoad({ status: 'error', message: errorText(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [key, fetchRows, errorText]);

  return load;
}
