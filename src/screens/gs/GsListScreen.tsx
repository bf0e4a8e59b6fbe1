import { memo, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import listConfig from '../../config/inspection-list.json';
import { fetchGsAssignees, fetchGsList, type GsListItem } from '../../api/gs.ts';
import { subscribeAutoAssignment } from '../../api/live.ts';
import { fetchLocationStore, type Assignee, type CityStores } from '../../api/main.ts';
import { useSession } from '../../session/useSession.ts';
import { SelectField } from '../../components/SelectField.tsx';
import { useNow } from '../../components/useNow.ts';
import { listTypeLabel } from '../../products/gs-unflagging/unflag.ts';
import { UNFLAG_CONFIG } from '../../machines/unflag.machine.ts';
import { assigneeOptions, centreOptions, cityOptions, keepCentres } from '../inspections/filters.ts';
import { LOADING_TEXT } from '../../components/Loading.tsx';
import { formatTime, readTime } from '../../components/format-time.ts';
import { RowLink } from '../../components/RowLink.tsx';
import './gs.css';

interface Filters {
  cityIds: number[];
  storeIds: number[];
  category: string | null;
  assignedTo: string | null;
}

const NO_FILTERS: Filters = { cityIds: [], storeIds: [], category: null, assignedTo: null };

/** hh:mm:ss since `from` (the running timer of spec 002 §2); '-' when `from` names no time. */
export function elapsed(from: unknown, now: number): string {
  const start = readTime(from);
  if (!start) return '-';
  const seconds = Math.max(0, Math.floor((now - start.valueOf()) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** Whether a flagged car has waited past the config's age since its creation. */
export function isOverdue(row: GsListItem, now: number): boolean {
  const created = readTime(row.createdAt);
  return !!created && now - created.valueOf() > UNFLAG_CONFIG.overdueAfterMinutes * 60_000;
}

/** Row colour (README 'GS unflagging'): by type, plus an overdue bar past the config's age. */
export function rowClass(row: GsListItem, now: number): string {
  const type = listTypeLabel(UNFLAG_CONFIG, row.conditionFlag).toLowerCase() || 'none';
  return `gs-row gs-row-${type}${isOverdue(row, now) ? ' gs-row-overdue' : ''}`;
}

/** Said after an overdue row's timer: the red bar alone tells neither a screen reader nor everyone who sees it (WCAG 1.4.1). */
export const OVERDUE_TEXT = 'Overdue';

const detailPath = (row: GsListItem) => `/gs-unflagging-details/${row.appointmentId}?${new URLSearchParams({ leadToken: row.leadToken })}`;
const time = (value: unknown) => formatTime(value, 'DD-MM-YYYY HH:mm');

/**
 * The table's rows. Each shows the time since its car was flagged, to the second: they alone read the clock, so the
 * screen (its four filter selects) does not render again every second.
 */
const GsRows = memo(function GsRows({ rows, onOpen }: { rows: GsListItem[]; onOpen: (path: string) => void }) {
  const now = useNow(1000);
  return (
    <tbody>
      {rows.map((row) => (
        <tr key={row.appointmentId} className={rowClass(row, now)} onClick={() => onOpen(detailPath(row))}>
          <td className="gs-timer">
            {elapsed(row.createdAt, now)}
            {isOverdue(row, now) && <span className="sr-only">{` ${OVERDUE_TEXT}`}</span>}
          </td>
          <td>
            <RowLink to={detailPath(row)}>{row.appointmentId}</RowLink>
          </td>
          <td>{row.category}</td>
          <td>{time(row.inspectionEndTime)}</td>
          <td>
            {row.make} {row.model}
          </td>
          <td>{row.storeName}</td>
          <td>{time(row.createdAt)}</td>
          <td>{row.assignedTo ?? ''}</td>
          <td>{listTypeLabel(UNFLAG_CONFIG, row.conditionFlag)}</td>
        </tr>
      ))}
    </tbody>
  );
});

/** /gs-unflagging: flagged cars with the car list's filters (spec 002 §2 'GS unflagging list'). */
export function GsListScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [rows, setRows] = useState<GsListItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [cities, setCities] = useState<CityStores[]>([]);
  const [assignees, setAssignees] = useState<Assignee[]>([]);
  const [reloads, setReloads] = useState(0);
  const email = session?.email ?? '';

  useEffect(() => {
    fetchLocationStore().then(setCities, () => setCities([]));
    fetchGsAssignees().then(setAssignees, () => setAssignees([]));
  }, []);

  useEffect(() => {
    if (!email) return;
    let live = true;
    setLoading(true);
    setError(null);
    fetchGsList({
      emailId: email,
      storeCityId: filters.cityIds,
      storeId: filters.storeIds,
      category: filters.category ? [filters.category] : [],
      assignedTo: filters.assignedTo ? [filters.assignedTo] : [],
    })
      .then((list) => live && setRows(list))
      .catch(() => live && setError('The flagged cars could not be loaded. Please try again.'))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [email, filters, reloads]);

  // GS auto-assignment (spec 002 §7): a 'changed' record reloads the list; the server sets it back to pending.
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  useEffect(() => (session?.access_token ? subscribeAutoAssignment(session.access_token, reload) : undefined), [session?.access_token, reload]);

  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const user = { email, isExcludedUser: !!session?.isExcludedUser };

  return (
    <main className="page gs-list">
      <h1>GS Unflagging</h1>
      <div className="filters" role="search" aria-label="Flagged car filters">
        <SelectField
          label="City"
          selectionMode="multiple"
          options={cityOptions(cities)}
          value={filters.cityIds}
          onChange={(keys) => {
            const cityIds = keys.map(Number);
            set({ cityIds, storeIds: keepCentres(cities, cityIds, filters.storeIds) });
          }}
        />
        <SelectField
          label="Center"
          selectionMode="multiple"
          options={centreOptions(cities, filters.cityIds)}
          isDisabled={filters.cityIds.length === 0}
          value={filters.storeIds}
          onChange={(keys) => set({ storeIds: keys.map(Number) })}
        />
        <SelectField
          label="Category"
          options={listConfig.categories.map((name) => ({ id: name, label: name }))}
          value={filters.category}
          onChange={(key) => set({ category: key === null ? null : String(key) })}
        />
        <SelectField
          label="Assignee"
          options={assigneeOptions(assignees, user)}
          value={filters.assignedTo}
          onChange={(key) => set({ assignedTo: key === null ? null : String(key) })}
        />
        <button type="button" onClick={() => setFilters(NO_FILTERS)}>
          Reset
        </button>
      </div>
      {error && <p role="alert">{error}</p>}
      <div className="table-wrap">
        <table className="gs-table">
          <thead>
            <tr>
              <th scope="col">Timer</th>
              <th scope="col">Appt ID</th>
              <th scope="col">Category</th>
              <th scope="col">Inspection End Time</th>
              <th scope="col">Car</th>
              <th scope="col">Center</th>
              <th scope="col">Created At</th>
              <th scope="col">Assignee</th>
              <th scope="col">Type</th>
            </tr>
          </thead>
          <GsRows rows={rows} onOpen={navigate} />
        </table>
        {loading && (
          <p className="gs-status" role="status">
            {LOADING_TEXT}
          </p>
        )}
        {!loading && !error && rows.length === 0 && <p className="gs-status">{UNFLAG_CONFIG.messages.noData}</p>}
      </div>
    </main>
  );
}

export default GsListScreen;
