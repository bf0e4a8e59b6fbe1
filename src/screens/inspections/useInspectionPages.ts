import { useCallback, useEffect, useRef, useState } from 'react';
import type { InspectionListRow } from '../../engine/inspection.ts';
import { fetchInspectionList, PAGE_SIZE, type ListFilters } from '../../api/main.ts';

export interface InspectionPages {
  rows: InspectionListRow[];
  total: number;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
}

/** Pages of the inspection list, 50 at a time; a full page means more exists (spec 000 §7). */
export function useInspectionPages(filters: Omit<ListFilters, 'page'>): InspectionPages {
  const [rows, setRows] = useState<InspectionListRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(filters);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  // New filters start again at page 1.
  useEffect(() => {
    setRows([]);
    setPage(1);
  }, [key, generation]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setError(null);
    fetchInspectionList({ ...filtersRef.current, page })
      .then(({ data, total: count }) => {
        if (cancelled) return;
        setRows((previous) => (page === 1 ? data : [...previous, ...data]));
        setTotal(count);
        setHasMore(data.length === PAGE_SIZE);
      })
      .catch((e: Error) => !cancelled && setError(e.message))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [key, page, generation]);

  const loadMore = useCallback(() => {
    if (!loading && hasMore) setPage((p) => p + 1);
  }, [loading, hasMore]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { rows, total, loading, error, hasMore, loadMore, reload };
}
