// @vitest-environment jsdom
// A version list's load states are heard: the wait and what replaced it (none found, how many) in one live region that
// is in the page through them, since a region added together with its text is not read.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { VersionList } from '../../src/components/VersionList.tsx';
import type { RowsLoad } from '../../src/components/useRowsFor.ts';

afterEach(cleanup);

type Row = { version: number };
const list = (load: RowsLoad<Row>) => (
  <VersionList<Row>
    appointment="1005120037"
    load={load}
    emptyText="No versions"
    label="Versions"
    columns={[{ header: 'Version', cell: (r) => r.version }]}
    rowKey={(r) => String(r.version)}
    summary={(rows) => `${rows.length} versions`}
  />
);

describe('a version list says its load states in one status region', () => {
  it("'Loading...', then 'No versions' in the same region", () => {
    const { rerender } = render(list({ status: 'loading' }));
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('Loading...');
    rerender(list({ status: 'done', rows: [] }));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('No versions');
  });

  it('versions found: how many, in the same region, and the table', () => {
    const { rerender } = render(list({ status: 'loading' }));
    const region = screen.getByRole('status');
    rerender(list({ status: 'done', rows: [{ version: 0 }, { version: 1 }] }));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('2 versions');
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
