/**
 * /inspection-bike (spec 001 §2 'Bike inspection list'): bikes awaiting review, 50 a page with infinite scroll,
 * filtered by user, a search query and a date range (six months up to today, YYYY-MM-DD); 'assign to me' on a row;
 * a row click opens the review; refreshed live when the user's auto-assignment record changes.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import dayjs from 'dayjs';
import bikeScreens from '../../config/bike-list.json';
import { assignBike, fetchBikeList, type BikeListFilters, type BikeListRow } from '../../api/bike.ts';
import { subscribeAutoAssignment } from '../../api/live.ts';
import type { LoginData } from '../../api/session.ts';
import { showError } from '../../components/toast.ts';
import { formatTime } from '../../components/format-time.ts';
import { useSession } from '../../session/useSession.ts';
import { canAccess } from '../../session/access.ts';
import { errorDetail } from '../../machines/error-detail.ts';
import { usePages, type PagesOptions } from '../../components/usePages.ts';
import { RowAssignButton } from '../../components/RowAssignButton.tsx';
import { RowLink } from '../../components/RowLink.tsx';
import { dateRangeProblem } from '../../products/bike/date-range.ts';
import { Loading } from '../../components/Loading.tsx';
import './bike.css';

const YMD = 'YYYY-MM-DD';
/** An answer's time (unix seconds here; ISO text or milliseconds elsewhere) in the config's format, '-' when unreadable. */
export const bikeDate = (value: unknown) => formatTime(value, bikeScreens.dateFormat);

/** Pages of 50 (001 §9) for the list's filters. */
const BIKE_PAGES: PagesOptions<Omit<BikeListFilters, 'page'>, BikeListRow> = {
  fetchPage: (filters, page) => fetchBikeList({ ...filters, page }),
  pageSize: bikeScreens.pageSize,
  rowKey: (row) => row.appointmentId,
  errorText: (error) => errorDetail(error, 'The list could not be loaded'),
};

interface DateRange {
  startDate: string;
  endDate: string;
}

/** A typed range's problem (the inputs' min and max do not stop a typed date); an empty or partial date is not taken. */
function typedRangeProblem({ startDate, endDate }: DateRange): string | null {
  const start = dayjs(startDate);
  const end = dayjs(endDate);
  return start.isValid() && end.isValid() ? dateRangeProblem(start, end, dayjs()) : null;
}

export default function BikeListScreen() {
  const session = useSession();
  return session ? <BikeList session={session} /> : null;
}

function BikeList({ session }: { session: LoginData }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [mine, setMine] = useState(false);
  // The dates as typed, and the last range without a problem, which the list shows.
  const [range, setRange] = useState<DateRange>(() => ({ startDate: dayjs().subtract(bikeScreens.windowMonths, 'month').format(YMD), endDate: dayjs().format(YMD) }));
  const [shown, setShown] = useState(range);
  const rangeProblem = typedRangeProblem(range);
  const changeRange = (part: keyof DateRange, value: string) => {
    if (!value) return;
    const next = { ...range, [part]: value };
    setRange(next);
    if (!typedRangeProblem(next)) setShown(next);
  };
  const { startDate, endDate } = range;
  const pages = usePages({ query: search || undefined, user: mine ? session.email : undefined, ...shown }, BIKE_PAGES);
  // Roles with the list but not the review (version-pdf, spec 001 §6) get rows that neither open nor take a bike.
  const canOpen = canAccess(session.role, '/bike-review');
  const { reload, loadMore } = pages;
  const [assigning, setAssigning] = useState<string | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  // Live refresh (001 §4 'Assignment'): the user's auto-assignment record turning 'changed' reloads the list.
  useEffect(() => subscribeAutoAssignment(session.access_token, reload), [session.access_token, reload]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    }, { rootMargin: '300px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [loadMore]);

  const take = async (row: BikeListRow) => {
    setAssigning(row.appointmentId);
    try {
      await assignBike(row.appointmentId, session.email);
      navigate(`/bike-review/${row.appointmentId}`);
    } catch (error) {
      showError(errorDetail(error, 'The bike could not be assigned'));
      reload();
    } finally {
      setAssigning(null);
    }
  };

  const minStart = dayjs(endDate).subtract(bikeScreens.windowMonths, 'month').format(YMD);
  return (
    <main className="page bike-list">
      <h1>Bike QC</h1>
      <form
        className="bike-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(query.trim());
        }}
      >
        <label>
          Search <input type="search" value={query} maxLength={50} placeholder="Appointment ID, make, model" onChange={(e) => setQuery(e.target.value)} />
        </label>
        <button type="submit">Search</button>
        <label>
          <input type="checkbox" checked={mine} onChange={(e) => setMine(e.target.checked)} /> Assigned to me
        </label>
        <label>
          From <input type="date" value={startDate} min={minStart} max={endDate} aria-invalid={rangeProblem !== null} aria-describedby={rangeProblem ? 'bike-range-problem' : undefined} onChange={(e) => changeRange('startDate', e.target.value)} />
        </label>
        <label>
          To <input type="date" value={endDate} max={dayjs().format(YMD)} aria-invalid={rangeProblem !== null} aria-describedby={rangeProblem ? 'bike-range-problem' : undefined} onChange={(e) => changeRange('endDate', e.target.value)} />
        </label>
        {rangeProblem && (
          <p id="bike-range-problem" role="alert" className="error">
            {rangeProblem}
          </p>
        )}
      </form>
      <p className="muted">{pages.total} bikes</p>
      {pages.error && <p role="alert" className="error">{pages.error}</p>}
      <table className="bike-table">
        <thead>
          <tr>
            <th scope="col">Appointment ID</th>
            <th scope="col">Inspection By</th>
            <th scope="col">Make</th>
            <th scope="col">Model</th>
            <th scope="col">Inspection End Time</th>
            <th scope="col">QC User</th>
          </tr>
        </thead>
        <tbody>
          {pages.rows.map((row) => (
            <tr key={row.appointmentId} className={canOpen ? 'clickable' : undefined} onClick={canOpen ? () => navigate(`/bike-review/${row.appointmentId}`) : undefined}>
              <td>
                {canOpen ? <RowLink to={`/bike-review/${row.appointmentId}`}>{row.appointmentId}</RowLink> : row.appointmentId}
              </td>
              <td>{row.inspectionUser}</td>
              <td>{row.make}</td>
              <td>{row.model}</td>
              <td>{bikeDate(row.inspectionEndTime)}</td>
              <td>
                {row.qcUser ?? (canOpen && <RowAssignButton disabled={assigning !== null} onAssign={() => void take(row)} />)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!pages.loading && !pages.error && pages.rows.length === 0 && <p className="muted">{bikeScreens.texts.empty}</p>}
      {pages.loading && <Loading className="muted" />}
      <div ref={sentinel} aria-hidden="true" className="sentinel" />
    </main>
  );
}
