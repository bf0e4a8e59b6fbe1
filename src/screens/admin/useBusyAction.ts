import { useCallback, useState } from 'react';
import { showError } from '../../components/toast.ts';

/**
 * One admin action at a time: `busy` while it runs (buttons disabled), and a failure shown as an error toast with
 * the API's message (already mapped to plain words by src/api) or `fallback` — unless `onError` handles it.
 */
export function useBusyAction(fallback = 'Something went wrong!') {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<void>, onError?: (error: unknown) => void) => {
      setBusy(true);
      try {
        await action();
      } catch (error) {
        if (onError) onError(error);
        else showError((error as Error).message || fallback);
      } finally {
        setBusy(false);
      }
    },
    [fallback],
  );
  return { busy, run };
}
