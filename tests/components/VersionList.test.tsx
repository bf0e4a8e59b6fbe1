// @vitest-environment jsdom
// A version list's load states are heard: the wait and what replaced it (none found, how many) in one live region that
// is in the page through them, since a region added together with its text is not read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe("a version row's open action", () => {
  const rows = [{ version: 0 }, { version: 1 }];
  const opening = (onOpen?: (row: Row) => void) => (
    <VersionList<Row>
      appointment="1005120037"
      load={{ status: 'done', rows }}
      emptyText="No versions"
      label="Versions"
      columns={[
        { header: 'Store', cell: () => 'Gurgaon Hub' },
        { header: 'Version', cell: (r) => r.version, opens: (r) => `Open version ${r.version}` },
      ]}
      rowKey={(r) => String(r.version)}
      onOpen={onOpen}
    />
  );

  it('is a named button in the marked column, reached by Tab and pressed with Enter; the row itself is no Tab stop', async () => {
    const onOpen = vi.fn();
    render(opening(onOpen));
    expect(screen.getAllByRole('row').some((tr) => tr.hasAttribute('tabindex'))).toBe(false);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open version 0' }));
    expect(document.activeElement?.textContent).toBe('0');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(rows[1]);
  });

  it("a click anywhere on the row opens it once; a role that does not open versions gets no button", async () => {
    const onOpen = vi.fn();
    const { rerender } = render(opening(onOpen));
    await userEvent.click(screen.getAllByText('Gurgaon Hub')[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Open version 1' }));
    expect(onOpen.mock.calls).toEqual([[rows[0]], [rows[1]]]);
    rerender(opening(undefined));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
