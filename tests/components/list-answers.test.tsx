// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { UNREADABLE_LIST, usePages, type Page } from '../../src/components/usePages.ts';
import { useRowsFor } from '../../src/components/useRowsFor.ts';

afterEach(cleanup);

type Row = { id: number };
const plain = (error: unknown) => (error as Error).message;

/** Options of one paged list whose server answers `answer` (any shape: another backend's, a proxy's page). */
function pagesAnswering(answer: unknown) {
  return { fetchPage: async () => answer as Page<Row>, pageSize: 50, rowKey: (r: Row) => r.id, errorText: plain };
}

describe('a list whose answer is not its rows shows plain words, never a crash (guide: bad input never crashes)', () => {
  it.each([
    ['no data', { detail: [] }],
    ['data not a list', { data: { rows: [] }, total: 1 }],
    ['null', null],
    ['a page of text', '<html>Bad gateway</html>'],
  ])('a paged list answered with %s: error %j, no rows', async (_what, answer) => {
    const options = pagesAnswering(answer);
    const { result } = renderHook(() => usePages({}, options));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBe(UNREADABLE_LIST);
    expect(result.current.rows).toEqual([]);
    expect(result.current.hasMore).toBe(false);
  });

  it('a paged list answered with rows and no total shows them, counted', async () => {
    const options = pagesAnswering({ data: [{ id: 1 }, { id: 2 }] });
    const { result } = renderHook(() => usePages({}, options));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBeNull();
    expect(result.current.rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect(result.current.total).toBe(2);
  });

  it.each([
    ['an object', { detail: [] }],
    ['undefined', undefined],
  ])('rows for a key answered with %s: error in plain words', async (_what, answer) => {
    const fetchRows = async () => answer as unknown as Row[];
    const { result } = renderHook(() => useRowsFor('1000002', fetchRows, plain));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current).toEqual({ status: 'error', message: UNREADABLE_LIST });
  });

  it('rows for a key answered with a list: done with them', async () => {
    const fetchRows = async () => [{ id: 7 }];
    const { result } = renderHook(() => useRowsFor('1000002', fetchRows, plain));
    await waitFor(() => expect(result.current).toEqual({ status: 'done', rows: [{ id: 7 }] }));
  });
});
