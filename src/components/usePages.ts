import { useCallback, useEffect, useState } from 'react';

/** One page of a paged list call: the rows and the total the server counts. */
export interface Page<Row> {
  data: Row[];
  total: number;
}

export interface Pages<Row> {
  rows: Row[];
  total: number;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  /** Asks for the next page when one may exist and none is in flight. */
  loadMore: () => void;
  /** Reloads from page 1, keeping the rows on screen until the new page arrives (live refresh). */
  reload: () => void;
}

interface State<Row> {
  key: string;
  page: number;
  generation: number;
  rows: Row[];
  total: number;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
}

export interface PagesOptions<Filters, Row> {
  /** Fetches one page (1-based) for the filters. */
  fetchPage: (filters: Filters, page: number) => Promise<Page<Row>>;
  /** Rows per page: a full page means another may follow (specs 000 §7, 001 §9). */
  pageSize: number;
  /** Identity of a row: rows shift between page fetches when new ones arrive, and a row shown is not added twice. */
  rowKey: (row: Row) => string | number;
  /** The plain words shown for a failed fetch. */
  errorText: (error: unknown) => string;
}

/** What a list shows for an answer that is not its rows (another backend's shape, a proxy's page): plain words. */
export const UNREADABLE_LIST = 'The list could not be loaded';

/** The page in `answer`, or a failure in plain words when it is none: a render never reads rows that are not there. */
function pageOf<Row>(answer: Page<Row> | null | undefined): Page<Row> {
  if (!answer || !Array.isArray(answer.data)) throw new Error(UNREADABLE_LIST);
  return { data: answer.data, total: Number.isFinite(answer.total) ? answer.total : answer.data.length };
}

const start = <Row,>(key: string, generation = 0): State<Row> => ({ key, page: 1, generation, rows: [], total: 0, loading: true, error: null, hasMore: false });

/**
 * A paged list with infinite scroll, shared by the car, bike and refurbishment lists. New filters (compared by
 * value) start again at page 1 with an empty list, derived during render so no stale page is asked for; an answer
 * that arrives after its filters or page changed is dropped. The options are module-level constants of the caller:
 * a new function on every render would fetch again.
 */
export function usePages<Filters, Row>(filters: Filters, { fetchPage, pageSize, rowKey, errorText }: PagesOptions<Filters, Row>): Pages<Row> {
  const key = JSON.stringify(filters);
  const [state, setState] = useState<State<Row>>(() => start(key));
  let current = state;
  if (state.key !== key) {
    current = start(key, state.generation);
    setState(current);
  }
  const { page, generation } = current;

  useEffect(() => {
    let cancelled = false;
    fetchPage(JSON.parse(key) as Filters, page).then(pageOf).then(
      ({ data, total }) => {
        if (cancelled) return;
        setState((s) => {
          const seen = new Set(page === 1 ? [] : s.rows.map(rowKey));
          const rows = page === 1 ? data : [...s.rows, ...data.filter((row) => !seen.has(rowKey(row)))];
          return { ...s, rows, total, loading: false, error: null, hasMore: data.length === pageSize };
        });
      },
      (error: unknown) => {
        if (!cancelled) setState((s) => ({ ...s, loading: false, error: errorText(error), hasMore: false }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key, page, generation, fetchPage, pageSize, rowKey, errorText]);

  const loadMore = useCallback(() => {
    setState((s) => (s.loading || !s.hasMore || s.error ? s : { ...s, page: s.page + 1, loading: true }));
  }, []);
  const reload = useCallback(() => {
    setState((s) => ({ ...s, page: 1, generation: s.generation + 1, loading: true, error: null }));
  }, []);
  return { rows: current.rows, total: current.total, loading: current.loading, error: current.error, hasMore: current.hasMore, loadMore, reload };
}
