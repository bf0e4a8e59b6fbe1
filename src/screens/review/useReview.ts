/**
 * Loads an inspection with its registry data and app config, builds the engine model and applies edits.
 * The edit callback is stable for the life of the screen, so memoised rows re-render only when their RowState
 * changes (the engine keeps unchanged rows' identity).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { carEngine } from '../../engine/car-config.ts';
import type { InspectionDetail } from '../../engine/inspection.ts';
import type { Edit, EvaluateOptions, ReviewModel } from '../../engine/types.ts';
import { fetchInspection } from '../../api/main.ts';
import { fetchAppConfig, fetchRegistry } from '../../api/review.ts';
import { errorDetail } from '../../machines/error-detail.ts';

export type ReviewLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; inspection: InspectionDetail; model: ReviewModel };

export interface UseReview {
  state: ReviewLoad;
  onEdit: (edit: Edit) => void;
  /** Fetches the inspection again (after assigning, or a 206 on submit). */
  reload: () => void;
  /**
   * Fetches the inspection again and rebuilds the model with the edits made so far (after an upload changed the
   * stored inspection, e.g. the RTO NOC image). Failures are ignored: the review goes on with what it has.
   */
  refresh: () => Promise<void>;
}

export function useReview(carId: string, role: string | null): UseReview {
  const [state, setState] = useState<ReviewLoad>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const options = useRef<EvaluateOptions>({});

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const [inspection, config] = await Promise.all([fetchInspection(carId), fetchAppConfig().catch(() => ({ duplicateKeyConfig: 0 }))]);
        // Registry data is optional: a failed fetch leaves every comparison as info.
        const registry = await fetchRegistry(inspection.appointmentId).catch(() => null);
        options.current = { role, duplicateKeyConfig: config.duplicateKeyConfig };
        const model = carEngine.evaluate(inspection, [], registry, options.current);
        if (live) setState({ status: 'ready', inspection, model });
      } catch (e) {
        if (live) setState({ status: 'error', message: errorDetail(e, 'Something went wrong, please try again') });
      }
    })();
    return () => {
      live = false;
    };
  }, [carId, role, generation]);

  const onEdit = useCallback((edit: Edit) => {
    setState((current) => (current.status === 'ready' ? { ...current, model: carEngine.apply(current.model, edit) } : current));
  }, []);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const refresh = useCallback(async () => {
    try {
      const inspection = await fetchInspection(carId);
      setState((current) =>
        current.status === 'ready'
          ? { status: 'ready', inspection, model: carEngine.evaluate(inspection, current.model.edits ?? [], current.model.registry, options.current) }
          : current,
      );
    } catch {
      // Keep the review as it is.
    }
  }, [carId]);
  return { state, onEdit, reload, refresh };
}
