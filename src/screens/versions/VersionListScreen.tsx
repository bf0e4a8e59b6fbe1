import { useCallback, type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Input, Label, SearchField } from 'react-aria-components';
import dayjs from 'dayjs';
import { fetchVersions, type VersionRow } from '../../api/main.ts';
import type { LoginData } from '../../api/session.ts';
import { REVIEW_OPENING_ROLES } from '../../session/access.ts';
import { useSession } from '../../session/useSession.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useRowsFor } from '../../components/useRowsFor.ts';

const errorMessage = (error: unknown) => (error as Error).message;

export const VERSION_COLUMNS = [
  'Store', 'Make', 'Model', 'Variant', 'Version', 'Inspection Status', 'Inspection by', 'QC by',
  'Inspection Start Time', 'Inspection End Time', 'QC Start Time', 'QC End Time', 'PDF',
] as const;

/** What the review page receives when a past version is opened (spec 000 §2: inspectionStatus in navigation state). */
export interface VersionNavigationState {
  inspectionStatus: string;
  version: number;
}

const time = (value: string | null) => (value ? dayjs(value).format('DD-MM-YYYY HH:mm') : '-');

/** /inspection-version[/{appointmentId}]: every version of an appointment in the last six months (spec 000 §2). */
export function VersionListScreen() {
  const session = useSession();
  return session ? <VersionList session={session} /> : null;
}


function VersionList({ session }: { session: LoginData }) {
  const { appointmentId = '' } = useParams();
  const navigate = useNavigate();
  const fetchRows = useCallback((id: string) => fetchVersions(id, session.email), [session.email]);
  const load = useRowsFor(appointmentId, fetchRows, errorMessage);

  const clickable = REVIEW_OPENING_ROLES.includes(session.role);
  const open = (row: VersionRow) => {
    if (!clickable) return;
    const state: VersionNavigationState = { inspectionStatus: row.inspectionStatus, version: row.version };
    navigate(`/review/${row.carId}`, { state });
  };
  const onKey = (event: KeyboardEvent, row: VersionRow) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) open(row);
  };

  return (
    <main className="page versions">
      <h1>Versions{appointmentId ? ` of ${appointmentId}` : ''}</h1>
      <SearchField
        key={appointmentId}
        defaultValue={appointmentId}
        onSubmit={(value) => {
          const id = value.trim();
          if (id) navigate(`/inspection-version/${encodeURIComponent(id)}`);
        }}
        className="search-field"
      >
        <Label>Appointment ID</Label>
        <Input placeholder="Search Appointment ID" />
      </SearchField>
      {load.status === 'idle' && <p className="muted">Search an Appointment ID to see its versions.</p>}
      {load.status === 'loading' && <p role="status">Loading...</p>}
      {load.status === 'error' && <ErrorPanel detail={load.message} />}
      {load.status === 'done' && load.rows.length === 0 && <p>No results found</p>}
      {load.status === 'done' && load.rows.length > 0 && (
        <>
          <p className="muted" role="status">
            {load.rows.length} {load.rows.length === 1 ? 'version' : 'versions'} in the last six months{clickable ? '; open one to review it' : ''}
          </p>
          <div className="table-scroll">
            <table className="grid versions-table" aria-label="Versions">
              <thead>
                <tr>
                  {VERSION_COLUMNS.map((h) => (
                    <th key={h} scope="col">{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {load.rows.map((row) => (
                  <tr
                    key={`${row.carId}-${row.version}`}
                    className={clickable ? 'clickable' : undefined}
                    tabIndex={clickable ? 0 : undefined}
                    onClick={() => open(row)}
                    onKeyDown={(event) => onKey(event, row)}
                  >
                    <td>{row.storeName}</td>
                    <td>{row.make}</td>
                    <td>{row.model}</td>
                    <td>{row.variant}</td>
                    <td className="num">{row.version}</td>
                    <td>
                      <StatusChip status={row.inspectionStatus} />
                    </td>
                    <td>{row.inspectionBy ?? '-'}</td>
                    <td>{row.qcBy ?? '-'}</td>
                    <td className="date">{time(row.inspectionStartTime)}</td>
                    <td className="date">{time(row.inspectionEndTime)}</td>
                    <td className="date">{time(row.qcStartTime)}</td>
                    <td className="date">{time(row.qcEndTime)}</td>
                    <td onClick={(e) => e.stopPropagation()}>
                      {row.pdfUrl ? <a href={row.pdfUrl} target="_blank" rel="noreferrer">PDF</a> : '-'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </main>
  );
}

export default VersionListScreen;
