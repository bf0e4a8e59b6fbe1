import { useNavigate, useParams } from 'react-router-dom';
import { fetchRefurbishmentVersions, type RefurbVersionRow } from '../../api/refurbishment.ts';
import { plainDetail } from '../../machines/refurbishment.machine.ts';
import { REFURBISHMENT_TEXTS } from '../../machines/refurbishment.rules.ts';
import { REVIEW_OPENING_ROLES, canAccess } from '../../session/access.ts';
import { useSession } from '../../session/useSession.ts';
import { VersionList, type VersionColumn } from '../../components/VersionList.tsx';
import { useRowsFor } from '../../components/useRowsFor.ts';
import { formatTime } from '../../components/format-time.ts';
import './refurbishment.css';

const COLUMNS: readonly VersionColumn<RefurbVersionRow>[] = [
  { header: 'Make', cell: (row) => row.make },
  { header: 'Model', cell: (row) => row.model },
  { header: 'Version', cell: (row) => row.version, className: 'num', opens: (row) => `Open version ${row.version}` },
  { header: 'Inspection Status', cell: (row) => row.status },
  { header: 'Refurbished By', cell: (row) => row.refurbishedBy },
  { header: 'End Time', cell: (row) => formatTime(row.endTime, 'DD-MM-YYYY h:mm:ss A'), className: 'date' },
];

/** /gs-refurbishment-version[/{appointment}] (spec 001 §2 'GS refurbishment versions'). */
export function RefurbishmentVersionScreen() {
  const session = useSession();
  const { appointment = '' } = useParams();
  const navigate = useNavigate();
  const load = useRowsFor(appointment, fetchRefurbishmentVersions, plainDetail);

  if (!session) return null;
  // QC roles open the review of a version; other roles see rows that are not clickable (spec 001 §2, §6).
  const clickable = REVIEW_OPENING_ROLES.includes(session.role) && canAccess(session.role, '/gs-refurbishment-review');
  const open = (row: RefurbVersionRow) => {
    const query = new URLSearchParams({ version: String(row.version), status: row.status });
    navigate(`/gs-refurbishment-review/${encodeURIComponent(row.appointmentId)}?${query}`);
  };

  return (
    <main className="page versions">
      <h1>Refurbishment Versions{appointment ? ` of ${appointment}` : ''}</h1>
      <VersionList
        appointment={appointment}
        onSearch={(id) => navigate(`/gs-refurbishment-version/${encodeURIComponent(id)}`)}
        load={load}
        idleText="Search an Appointment ID to see its refurbishment versions."
        emptyText={REFURBISHMENT_TEXTS.versionsEmpty}
        label="Refurbishment versions"
        columns={COLUMNS}
        rowKey={(row) => String(row.version)}
        onOpen={clickable ? open : undefined}
      />
    </main>
  );
}

export default RefurbishmentVersionScreen;
