/**
 * A product's version list (spec 000 §2 'Versions', 001 §2 'GS refurbishment versions', 'Bike versions'): the
 * appointment search (where the page has one), the load states and the versions table, whose rows open that version
 * (a click on the row, or its open button in the column marked `opens`: Tab reaches it and a screen reader names it)
 * for the roles that may. The screens give the columns, texts and what opening a row does.
 */
import { useState, type ReactNode } from 'react';
import { Input } from 'react-aria-components/Input';
import { Label } from 'react-aria-components/Label';
import { SearchField } from 'react-aria-components/SearchField';
import { ErrorPanel } from './ErrorPanel.tsx';
import type { RowsLoad } from './useRowsFor.ts';
import { LOADING_TEXT } from './Loading.tsx';

export interface VersionColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** The column whose cell is the row's open button (where rows open), with that button's accessible name. */
  opens?: (row: T) => string;
}

interface Props<T> {
  /** The appointment searched for ('' before a search). */
  appointment: string;
  /** A trimmed, non-blank appointment ID typed in the search; omitted where the page is one appointment's (no search). */
  onSearch?: (id: string) => void;
  load: RowsLoad<T>;
  /** Shown before a search. */
  idleText?: string;
  emptyText: string;
  /** The table's accessible name. */
  label: string;
  columns: readonly VersionColumn<T>[];
  rowKey: (row: T) => string;
  /** Opens a version; omitted where the viewer's role does not open versions (rows are then not clickable). */
  onOpen?: (row: T) => void;
  /** A line above the table (how many versions). */
  summary?: (rows: T[]) => ReactNode;
}

export function VersionList<T>({ appointment, onSearch, load, idleText, emptyText, label, columns, rowKey, onOpen, summary }: Props<T>) {
  // The field shows the appointment searched for, also when the address changes it (back, a link). It was remounted
  // for that, which dropped the focus of someone who had just searched from it to the page's body: it stays mounted,
  // and focused, while the results below it change.
  const [text, setText] = useState(appointment);
  const [shownFor, setShownFor] = useState(appointment);
  if (shownFor !== appointment) {
    setShownFor(appointment);
    setText(appointment);
  }
  return (
    <>
      {onSearch && (
        <SearchField
          value={text}
          onChange={setText}
          className="search-field"
          onSubmit={(value) => {
            const id = value.trim();
            if (id) onSearch(id);
          }}
        >
          <Label>Appointment ID</Label>
          <Input placeholder="Search Appointment ID" />
        </SearchField>
      )}
      {/* One live region through the load's states, so what follows a search is heard ('Loading...', then none
          found or how many): a region added together with its text is not read. */}
      <div role="status">
        {load.status === 'idle' && idleText && <p className="muted">{idleText}</p>}
        {load.status === 'loading' && <p>{LOADING_TEXT}</p>}
        {load.status === 'done' && load.rows.length === 0 && <p>{emptyText}</p>}
        {load.status === 'done' && load.rows.length > 0 && summary && <p className="muted">{summary(load.rows)}</p>}
      </div>
      {load.status === 'error' && <ErrorPanel detail={load.message} />}
      {load.status === 'done' && load.rows.length > 0 && (
        <div className="table-scroll">
          <table className="grid versions-table" aria-label={label}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {load.rows.map((row) => (
                <tr key={rowKey(row)} className={onOpen ? 'clickable' : undefined} onClick={onOpen && (() => onOpen(row))}>
                  {columns.map((c) => (
                    <td key={c.header} className={c.className}>
                      {onOpen && c.opens ? (
                        <button type="button" className="link" aria-label={c.opens(row)} onClick={(event) => (event.stopPropagation(), onOpen(row))}>
                          {c.cell(row)}
                        </button>
                      ) : (
                        c.cell(row)
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
