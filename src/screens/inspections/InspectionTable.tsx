import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatTime } from '../../components/format-time.ts';
import type { InspectionListRow } from '../../products/car/inspection.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { RowAssignButton } from '../../components/RowAssignButton.tsx';
import { useNow } from '../../components/useNow.ts';
import { TIMER_TICK_MS } from './timer.ts';
import { TimerDot } from './TimerDot.tsx';
import { LOADING_TEXT } from '../../components/Loading.tsx';

export const ROW_HEIGHT = 44;
/** Load the next page when the last rendered row is this close to the end of what is loaded. */
const PREFETCH_ROWS = 10;

export const EMPTY_TEXT = 'No Appointment Data';

export interface InspectionTableProps {
  rows: InspectionListRow[];
  total: number;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  onEndReached: () => void;
  onOpen: (row: InspectionListRow) => void;
  onAssign: (row: InspectionListRow) => void;
  /** Whether an unassigned row offers 'assign to me' (spec 000 §4). */
  showAssign: boolean;
  assignDisabled?: boolean;
}

/**
 * The inspection table, virtualized: only the rows in view (plus a few) are in the DOM, so thousands of
 * loaded rows scroll smoothly; reaching the end asks for the next page (spec 000 §2 'Infinite-scroll table').
 * It reads the clock for the timer dots itself, each minute, so the screen's filters do not render again with it.
 */
export function InspectionTable({ rows, total, loading, error, hasMore, onEndReached, onOpen, onAssign, showAssign, assignDisabled }: InspectionTableProps) {
  const now = useNow(TIMER_TICK_MS);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => rows[index].carId,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length ? items[items.length - 1].index : -1;
  useEffect(() => {
    if (hasMore && !loading && rows.length > 0 && lastIndex >= rows.length - PREFETCH_ROWS) onEndReached();
  }, [lastIndex, rows.length, hasMore, loading, onEndReached]);

  if (error) return <ErrorPanel detail={error} />;

  const onKey = (event: KeyboardEvent, row: InspectionListRow) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(row);
  };

  return (
    <div className="table" role="table" aria-label="Inspections" aria-rowcount={rows.length + 1}>
      <div role="rowgroup">
        <div className="tr th" role="row" aria-rowindex={1}>
          <span role="columnheader" className="dot-col"><span className="sr-only">Timer</span></span>
          <span role="columnheader">Appt ID ({total})</span>
          <span role="columnheader">Category</span>
          <span role="columnheader">Status</span>
          <span role="columnheader">Inspection End Time</span>
          <span role="columnheader">Car</span>
          <span role="columnheader">Centre</span>
          <span role="columnheader">Assignee</span>
        </div>
      </div>
      <div ref={scrollRef} className="tbody" role="rowgroup" data-testid="inspection-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index];
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                tabIndex={0}
                className="tr"
                data-appointment={row.appointmentId}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                onClick={() => onOpen(row)}
                onKeyDown={(event) => onKey(event, row)}
              >
                <span role="cell" className="dot-col">
                  <TimerDot endTime={row.inspectionEndTime} now={now} />
                </span>
                <span role="cell">{row.appointmentId}</span>
                <span role="cell">{row.category}</span>
                <span role="cell">
                  <StatusChip status={row.inspectionStatus} />
                </span>
                <span role="cell">{formatTime(row.inspectionEndTime, 'DD-MM-YYYY HH:mm')}</span>
                <span role="cell">{row.make} {row.model}</span>
                <span role="cell">{row.storeName}</span>
                <span role="cell">
                  {row.qcAssign?.to ??
                    (showAssign ? (
                      <RowAssignButton disabled={assignDisabled} onAssign={() => onAssign(row)} />
                    ) : (
                      '-'
                    ))}
                </span>
              </div>
            );
          })}
        </div>
        {/* A status is a row of one cell: a rowgroup holds rows only (axe aria-required-children). */}
        {(loading || rows.length === 0) && (
          <div role="row" className="muted list-status">
            <span role="cell" aria-colspan={8}>{loading ? LOADING_TEXT : EMPTY_TEXT}</span>
          </div>
        )}
      </div>
    </div>
  );
}
