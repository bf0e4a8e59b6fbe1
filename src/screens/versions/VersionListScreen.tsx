import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Input, Label, SearchField } from 'react-aria-components';
import dayjs from 'dayjs';
import { fetchVersions, type VersionRow } from '../../api/main.ts';
import { useSession } from '../../app/useSession.ts';

/** Roles whose version rows open the review (spec 000 §2 'Version list'). */
const OPENING_ROLES = ['qc', 'qc-Version', 'StoreManager-Qc', 'SM-QcAdmin', 'gs'];

const time = (value: string | null) => (value ? dayjs(value).format('DD-MM-YYYY HH:mm') : '-');

/** /inspection-version[/{appointmentId}]: every version of an appointment in the last six months. */
export function VersionListScreen() {
  const { appointmentId = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const [rows, setRows] = useState<VersionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!appointmentId || !session) return;
    let cancelled = false;
    setRows(null);
    setError(null);
    fetchVersions(appointmentId, session.email)
      .then((data) => !cancelled && setRows(data))
      .catch((e: Error) => !cancelled && setError(e.message));
    return () => {
      cancelled = true;
    };
  }, [appointmentId, session]);

  if (!session) return null;
  const clickable = OPENING_ROLES.includes(session.role);
  const open = (row: VersionRow) => {
    if (clickable) navigate(`/review/${row.carId}`, { state: { inspectionStatus: row.inspectionStatus, selectedVersion: row.version } });
  };

  return (
    <main className="page versions">
      <SearchField aria-label="Appointment ID" defaultValue={appointmentId} onSubmit={(value) => navigate(`/inspection-version/${value.trim()}`)}>
        <Label>Appointment ID</Label>
        <Input placeholder="Search Appointment ID" />
      </SearchField>
      {error && <div role="alert" className="error-panel"><strong>Oops!</strong> {error}</div>}
      {appointmentId && !rows && !error && <p>Loading...</p>}
      {rows && rows.length === 0 && <p>No results found</p>}
      {rows && rows.length > 0 && (
        <table className="grid" aria-label="Versions">
          <thead>
            <tr>
              {['Store', 'Make', 'Model', 'Variant', 'Version', 'Inspection Status', 'Inspection by', 'QC by', 'Inspection Start', 'Inspection End', 'QC Start', 'QC End', 'PDF'].map((h) => (
                <th key={h}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.carId} className={clickable ? 'clickable' : undefined} onClick={() => open(row)}>
                <td>{row.storeName}</td>
                <td>{row.make}</td>
                <td>{row.model}</td>
                <td>{row.variant}</td>
                <td>{row.version}</td>
                <td>{row.inspectionStatus === 'done' ? 'Doc Upload Verification' : row.inspectionStatus}</td>
                <td>{row.inspectionBy ?? '-'}</td>
                <td>{row.qcBy ?? '-'}</td>
                <td>{time(row.inspectionStartTime)}</td>
                <td>{time(row.inspectionEndTime)}</td>
                <td>{time(row.qcStartTime)}</td>
                <td>{time(row.qcEndTime)}</td>
                <td onClick={(e) => e.stopPropagation()}>{row.pdfUrl ? <a href={row.pdfUrl} target="_blank" rel="noreferrer">PDF</a> : '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
