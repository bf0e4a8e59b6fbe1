import { useCallback, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { readTime } from '../../components/format-time.ts';
import { displayText } from '../../components/display-text.ts';
import { fetchVersions, type VersionRow } from '../../api/main.ts';
import type { LoginData } from '../../api/session.ts';
import { REVIEW_OPENING_ROLES } from '../../session/access.ts';
import { useSession } from '../../session/useSession.ts';
import { VersionList, type VersionColumn } from '../../components/VersionList.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useRowsFor } from '../../components/useRowsFor.ts';

const errorMessage = (error: unknown) => (error as Error).message;

/** What the review page receives when a past version is opened (spec 000 §2: inspectionStatus in navigation state). */
export interface VersionNavigationState {
  inspectionStatus: string;
  version: number;
}

/** DD-MM-YYYY HH:mm; where the twelve columns would not fit, the clock goes under its date (never a break inside the date). */
function time(value: string | null): ReactNode {
  const at = readTime(value);
  if (!at) return '-';
  return (
    <>
      <span>{at.format('DD-MM-YYYY')}</span> <span>{at.format('HH:mm')}</span>
    </>
  );
}

/** An email that may break after its '@' where the columns would not fit otherwise. */
function email(given: string | null): ReactNode {
  // Another backend may send something other than text here (an object, a number): shown as text, never a crash.
  const value = displayText(given);
  const at = value.indexOf('@');
  if (!value || at < 0) return value || '-';
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

const COLUMNS: readonly VersionColumn<VersionRow>[] = [
  { header: 'Store', cell: (row) => row.storeName },
  { header: 'Make', cell: (row) => row.make },
  { header: 'Model', cell: (row) => row.model },
  { header: 'Variant', cell: (row) => row.variant },
  { header: 'Version', cell: (row) => row.version, className: 'num', opens: (row) => `Open version ${row.version}` },
  { header: 'Inspection Status', cell: (row) => <StatusChip status={row.inspectionStatus} /> },
  { header: 'Inspection by', cell: (row) => row.inspectionBy ?? '-' },
  { header: 'QC by', cell: (row) => email(row.qcBy) },
  { header: 'Inspection Start Time', cell: (row) => time(row.inspectionStartTime), className: 'date-time' },
  { header: 'Inspection End Time', cell: (row) => time(row.inspectionEndTime), className: 'date-time' },
  { header: 'QC Start Time', cell: (row) => time(row.qcStartTime), className: 'date-time' },
  { header: 'QC End Time', cell: (row) => time(row.qcEndTime), className: 'date-time' },
  {
    header: 'PDF',
    // The link opens the PDF only, not the version's review.
    cell: (row) => (row.pdfUrl ? <a href={row.pdfUrl} target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>PDF</a> : '-'),
  },
];

/** /inspection-version[/{appointmentId}]: every version of an appointment in the last six months (spec 000 §2). */
export function VersionListScreen() {
  const session = useSession();
  return session ? <CarVersions session={session} /> : null;
}

function CarVersions({ session }: { session: LoginData }) {
  const { appointmentId = '' } = useParams();
  const navigate = useNavigate();
  const fetchRows = useCallback((id: string) => fetchVersions(id, session.email), [session.email]);
  const load = useRowsFor(appointmentId, fetchRows, errorMessage);

  const clickable = REVIEW_OPENING_ROLES.includes(session.role);
  const open = (row: VersionRow) => {
    const state: VersionNavigationState = { inspectionStatus: row.inspectionStatus, version: row.version };
    navigate(`/review/${row.carId}`, { state });
  };

  return (
    <main className="page versions">
      <h1>Versions{appointmentId ? ` of ${appointmentId}` : ''}</h1>
      <VersionList
        appointment={appointmentId}
        onSearch={(id) => navigate(`/inspection-version/${encodeURIComponent(id)}`)}
        load={load}
        idleText="Search an Appointment ID to see its versions."
        emptyText="No results found"
        label="Versions"
        columns={COLUMNS}
        rowKey={(row) => `${row.carId}-${row.version}`}
        onOpen={clickable ? open : undefined}
        summary={(rows) => `${rows.length} ${rows.length === 1 ? 'version' : 'versions'} in the last six months${clickable ? '; open one to review it' : ''}`}
      />
    </main>
  );
}

export default VersionListScreen;
