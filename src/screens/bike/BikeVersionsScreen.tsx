/**
 * /inspection-bike-version/{appointment} (spec 001 §2 'Bike versions'): make, model, variant, version, inspection
 * status, QC by, end time (DD-MM-YYYY h:mm:ss A) and 'View Bike Report' (a new tab, only when a pdf url exists).
 * For roles that may open the bike review a row click (or Enter) opens that version; for others rows are not clickable.
 */
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatTime } from '../../components/format-time.ts';
import bikeScreens from '../../config/bike-list.json';
import { fetchBikeVersions, type BikeVersionRow } from '../../api/bike.ts';
import { canAccess } from '../../session/access.ts';
import { useSession } from '../../session/useSession.ts';
import { errorDetail } from '../../machines/error-detail.ts';
import { VersionList, type VersionColumn } from '../../components/VersionList.tsx';
import { useRowsFor } from '../../components/useRowsFor.ts';
import './bike.css';

const COLUMNS: readonly VersionColumn<BikeVersionRow>[] = [
  { header: 'Make', cell: (row) => row.make },
  { header: 'Model', cell: (row) => row.model },
  { header: 'Variant', cell: (row) => row.variant },
  { header: 'Version', cell: (row) => row.version, className: 'num', opens: (row) => `Open version ${row.version}` },
  { header: 'Inspection Status', cell: (row) => row.status },
  { header: 'QC By', cell: (row) => row.qcUser ?? '' },
  { header: 'End Time', cell: (row) => formatTime(row.inspectionEndTime, bikeScreens.versionTimeFormat), className: 'date' },
  {
    header: 'Report',
    // The link opens the report in a new tab only, not the version's review.
    cell: (row) =>
      row.pdfUrl && (
        <Link to={`/bike-report/${row.appointmentId}?version=${row.version}`} target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>
          {bikeScreens.texts.reportLink}
        </Link>
      ),
  },
];

const versionsError = (error: unknown) => errorDetail(error, 'The versions could not be loaded');

export default function BikeVersionsScreen() {
  const { appointment = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const load = useRowsFor(appointment, fetchBikeVersions, versionsError);
  const clickable = canAccess(session?.role, '/bike-review');
  const open = (row: BikeVersionRow) => navigate(`/bike-review/${row.appointmentId}?version=${row.version}`);
  return (
    <main className="page versions">
      <h1>Bike versions {appointment}</h1>
      <VersionList
        appointment={appointment}
        load={load}
        emptyText="No versions"
        label="Bike versions"
        columns={COLUMNS}
        rowKey={(row) => String(row.version)}
        onOpen={clickable ? open : undefined}
      />
    </main>
  );
}
