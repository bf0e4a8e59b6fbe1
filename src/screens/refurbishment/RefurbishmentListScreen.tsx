import { useEffect, useRef, useState, type UIEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'react-aria-components/Button';
import { Input } from 'react-aria-components/Input';
import { Label } from 'react-aria-components/Label';
import { SearchField } from 'react-aria-components/SearchField';
import { assignRefurbishment, fetchRefurbishments, type RefurbListRow } from '../../api/refurbishment.ts';
import { subscribeAutoAssignment } from '../../api/live.ts';
import type { LoginData } from '../../api/session.ts';
import { plainDetail } from '../../machines/refurbishment.machine.ts';
import { usePages, type PagesOptions } from '../../components/usePages.ts';
import { REFURBISHMENT_CONFIG, REFURBISHMENT_TEXTS } from '../../machines/refurbishment.rules.ts';
import { canAccess } from '../../session/access.ts';
import { showError } from '../../components/toast.ts';
import { useSession } from '../../session/useSession.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { RowAssignButton } from '../../components/RowAssignButton.tsx';
import { RowLink } from '../../components/RowLink.tsx';
import { TIMER_TICK_MS } from '../inspections/timer.ts';
import { TimerDot } from '../inspections/TimerDot.tsx';
import { useNow } from '../../components/useNow.ts';
import { Loading } from '../../components/Loading.tsx';
import { formatTime } from '../../components/format-time.ts';
import './refurbishment.css';

export const LIST_COLUMNS = ['Refurbishment Inspection By', 'Model', 'Inspection End Time', 'Assignee'] as const;

/** Pages of 50 of the queue, or the one appointment searched for (spec 001 §9). */
const REFURBISHMENT_PAGES: PagesOptions<string, RefurbListRow> = {
  fetchPage: (appointmentId, page) => fetchRefurbishments(page, appointmentId || undefined),
  pageSize: REFURBISHMENT_CONFIG.pageSize,
  rowKey: (row) => row.appointmentId,
  errorText: plainDetail,
};

const reviewPath = (row: RefurbListRow) => `/gs-refurbishment-review/${encodeURIComponent(row.appointmentId)}`;

interface RowsProps {
  rows: RefurbListRow[];
  canOpen: boolean;
  assigning: boolean;
  onOpen: (row: RefurbListRow) => void;
  onAssign: (row: RefurbListRow) => void;
}

/** The table's rows: they alone read the clock for their timer dots, so the screen's search box does not render again each minute. */
function RefurbRows({ rows, canOpen, assigning, onOpen, onAssign }: RowsProps) {
  const now = useNow(TIMER_TICK_MS);
  return (
    <tbody>
      {rows.map((row) => (
        <tr key={row.appointmentId} className={canOpen ? 'clickable' : undefined} onClick={canOpen ? () => onOpen(row) : undefined}>
          <td>
            <TimerDot endTime={row.endTime} now={now} /> {canOpen ? <RowLink to={reviewPath(row)}>{row.appointmentId}</RowLink> : row.appointmentId}
          </td>
          <td>{row.refurbishedBy}</td>
          <td>{row.make}/{row.model}</td>
          <td>{formatTime(row.endTime, 'DD-MM-YYYY HH:mm')}</td>
          <td>
            {/* Assigning is the first step of a review: a role without the review (bike-qc, spec 001 §6) is offered none.
                Another backend may send no assignment at all (qcAssignTo: null): unassigned, as the car list reads it. */}
            {row.qcAssignTo?.to ?? (canOpen && <RowAssignButton disabled={assigning} onAssign={() => onAssign(row)} />)}
          </td>
        </tr>
      ))}
    </tbody>
  );
}

/** /gs-refurbishment: refurbishments awaiting QC (spec 001 §2 'GS refurbishment list'). */
export function RefurbishmentListScreen() {
  const session = useSession();
  return session ? <RefurbishmentList session={session} /> : null;
}

function RefurbishmentList({ session }: { session: LoginData }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [assigning, setAssigning] = useState(false);
  const { rows, total, loading, error, hasMore, loadMore, reload } = usePages(search, REFURBISHMENT_PAGES);
  const scrollRef = useRef<HTMLDivElement>(null);

  // Live refresh: the user's auto-assignment record turning 'changed' reloads the list (spec 001 §4 'Assignment').
  useEffect(() => subscribeAutoAssignment(session.access_token, () => reload()), [session.access_token, reload]);

  // A first page shorter than the box never scrolls: ask for more while the threshold is already reached.
  const nearEnd = (box: HTMLElement) => box.scrollHeight - box.scrollTop - box.clientHeight < REFURBISHMENT_CONFIG.scrollThresholdPx;
  useEffect(() => {
    const box = scrollRef.current;
    if (box && hasMore && !loading && nearEnd(box)) loadMore();
  }, [rows.length, hasMore, loading, loadMore]);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (hasMore && !loading && nearEnd(event.currentTarget)) loadMore();
  };

  const canOpen = canAccess(session.role, '/gs-refurbishment-review');
  const open = (row: RefurbListRow) => navigate(reviewPath(row));
  const assign = async (row: RefurbListRow) => {
    setAssigning(true);
    try {
      await assignRefurbishment(row.appointmentId, session.email);
      // Assign to me assigns, then opens the review (spec 001 §4 'Assignment').
      navigate(reviewPath(row));
    } catch (e) {
      showError(plainDetail(e));
      reload();
    } finally {
      setAssigning(false);
    }
  };
  return (
    <main className="page list refurb-list">
      {/* As the car list's: named for assistive technology, the header's current link shows it on screen. */}
      <h1 className="sr-only">Refurbishment</h1>
      <SearchField
        className="search-field"
        onSubmit={(value) => {
          // Input is trimmed and blank input is ignored (spec 001 §2, §5).
          const id = value.trim();
          if (id) setSearch(id);
        }}
        onClear={() => setSearch('')}
      >
        <Label>Appointment ID</Label>
        <div className="search-input">
          <Input placeholder="Search Appointment ID" />
          {/* The x that clears the search (spec 001 §2); react-aria wires a Button in a SearchField to clear it. */}
          <Button aria-label="Clear search" className="search-clear">x</Button>
        </div>
      </SearchField>
      {error ? (
        <ErrorPanel detail={error} />
      ) : (
        <div ref={scrollRef} className="refurb-scroll" data-testid="refurbishment-scroll" onScroll={onScroll}>
          <table className="grid" aria-label="Refurbishments">
            <thead>
              <tr>
                <th scope="col">Appointment ID ({total})</th>
                {LIST_COLUMNS.map((h) => (
                  <th key={h} scope="col">{h}</th>
                ))}
              </tr>
            </thead>
            <RefurbRows rows={rows} canOpen={canOpen} assigning={assigning} onOpen={open} onAssign={(row) => void assign(row)} />
          </table>
          {loading && <Loading className="muted list-status" />}
          {!loading && rows.length === 0 && <p className="muted list-status">{REFURBISHMENT_TEXTS.listEmpty}</p>}
        </div>
      )}
    </main>
  );
}

export default RefurbishmentListScreen;
