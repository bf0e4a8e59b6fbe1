import { useCallback, useEffect, useState } from 'react';
import type { InspectionListRow } from '../../engine/inspection.ts';
import { fetchInspectionList, PAGE_SIZE, type ListFilters } from '../../api/main.ts';

export interface InspectionPages {
  rows: InspectionListRow[];
  total: number;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  /** Asks for the next page of 50 when one exists and none is in flight. */
  loadMore: () => void;
  /** Reloads from page 1, keeping the rows on screen until the new page arrives (live refresh). */
  reload: () => void;
}

interface State {
  key: string;
  page: number;
  generation: number;
  rows: InspectionListRow[];
  total: number;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
}

/** Rows shift between page fetches when new inspections arrive: a row already shown is not added twice. */
function appendNew(rows: InspectionListRow[], next: InspectionListRow[]): InspectionListRow[] {
  const seen = new Set(rows.map((row) => row.carId));
  return [...rows, ...next.filter((row) => !seen.has(row.carId))];
}

const start = (key: string, generation = 0): State => ({ key, page: 1, generation, rows: [], total: 0, loading: true, error: null, hasMore: false });

/** Pages of the inspection list, 50 at a time; a full page of 50 means more exists (spec 000 §7). */
export function useInspectionPages(filters: Omit<ListFilters, 'page'>): InspectionPages {
  const key = JSON.stringify(filters);
  const [state, setState] = useState<State>(() => start(key));
  // New filters start again at page 1 with an empty list (derived during render, so no stale page is asked for).
  let current = state;
  if (state.key !== key) {
    current = start(key, state.generation);
    setState(current);
  }
  const { page, generation } = current;

  useEffect(() => {
    let cancelled = false;
    const query = JSON.parse(key) as Omit<ListFilters, 'page'>;
    fetchInspectionList({ ...query, page }).then(
      ({ data, total }) => {
        if (cancelled) return;
        setState((s) => ({
          ...s,
          rows: page === 1 ? data : appendNew(s.rows, data),
          total,
          loading: false,
          error: null,
          hasMore: data.length === PAGE_SIZE,
        }));
      },
      (e: Error) => {
        if (!cancelled) setState((s) => ({ ...s, loading: false, error: e.message, hasMore: false }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key, page, generation]);

  const loadMore = useCallback(() => {
    setState((s) => (s.loading || !s.hasMore || s.error ? s : { ...s, page: s.page + 1, loading: true }));
  }, []);
  const reload = useCallback(() => {
    setState((s) => ({ ...s, page: 1, generation: s.generation + 1, loading: true, error: null }));
  }, []);
  return { rows: current.rows, total: current.total, loading: current.loading, error: current.error, hasMore: current.hasMore, loadMore, reload };
}
