/**
 * /inspection-bike-version/{appointment} (spec 001 §2 'Bike versions'): make, model, variant, version, inspection
 * status, QC by, end time (DD-MM-YYYY h:mm:ss A) and 'View Bike Report' (a new tab, only when a pdf url exists).
 * For roles that may open the bike review a row click opens that version; for others rows are not clickable.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import dayjs from 'dayjs';
import bikeScreens from '../../config/bike-list.json';
import { fetchBikeVersions, type BikeVersionRow } from '../../api/bike.ts';
import { canAccess } from '../../session/access.ts';
import { useSession } from '../../session/useSession.ts';
import { errorDetail } from '../../machines/error-detail.ts';
import './bike.css';

export default function BikeVersionsScreen() {
  const { appointment = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const [rows, setRows] = useState<BikeVersionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetchBikeVersions(appointment).then(
      (data) => !cancelled && setRows(data),
      (e: unknown) => !cancelled && setError(errorDetail(e, 'The versions could not be loaded')),
    );
    return () => {
      cancelled = true;
    };
  }, [appointment]);
  const clickable = canAccess(session?.role, '/bike-review');
  const open = (row: BikeVersionRow) => navigate(`/bike-review/${row.appointmentId}?version=${row.version}`);
  return (
    <main className="bike-versions">
      <h1>Bike versions {appointment}</h1>
      {error && <p role="alert" className="error">{error}</p>}
      {rows && (
        <table className="bike-table">
          <thead>
            <tr>
              <th scope="col">Make</th>
              <th scope="col">Model</th>
              <th scope="col">Variant</th>
              <th scope="col">Version</th>
              <th scope="col">Inspection Status</th>
              <th scope="col">QC By</th>
              <th scope="col">End Time</th>
              <th scope="col">Report</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.version}
                className={clickable ? 'clickable' : undefined}
                tabIndex={clickable ? 0 : undefined}
                onClick={clickable ? () => open(row) : undefined}
                onKeyDown={clickable ? (e) => e.key === 'Enter' && open(row) : undefined}
              >
                <td>{row.make}</td>
                <td>{row.model}</td>
                <td>{row.variant}</td>
                <td>{row.version}</td>
                <td>{row.status}</td>
                <td>{row.qcUser ?? ''}</td>
                <td>{dayjs.unix(row.inspectionEndTime).format(bikeScreens.versionTimeFormat)}</td>
                <td>
                  {row.pdfUrl && (
                    <Link to={`/bike-report/${row.appointmentId}?version=${row.version}`} target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>
                      {bikeScreens.texts.reportLink}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows && rows.length === 0 && <p className="muted">No versions</p>}
    </main>
  );
}
