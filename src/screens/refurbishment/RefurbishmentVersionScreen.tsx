import { type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Input, Label, SearchField } from 'react-aria-components';
import dayjs from 'dayjs';
import { fetchRefurbishmentVersions, type RefurbVersionRow } from '../../api/refurbishment.ts';
import { plainDetail } from '../../machines/refurbishment.machine.ts';
import { REFURBISHMENT_TEXTS } from '../../machines/refurbishment.rules.ts';
import { REVIEW_OPENING_ROLES, canAccess } from '../../session/access.ts';
import { useSession } from '../../session/useSession.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { useRowsFor } from '../../components/useRowsFor.ts';
import './refurbishment.css';

export const REFURB_VERSION_COLUMNS = ['Make', 'Model', 'Version', 'Inspection Status', 'Refurbished By', 'End Time'] as const;


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
    if (!clickable) return;
    const query = new URLSearchParams({ version: String(row.version), status: row.status });
    navigate(`/gs-refurbishment-review/${encodeURIComponent(row.appointmentId)}?${query}`);
  };
  const onKey = (event: KeyboardEvent, row: RefurbVersionRow) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) open(row);
  };

  return (
    <main className="page versions">
      <SearchField
        key={appointment}
        defaultValue={appointment}
        className="search-field"
        onSubmit={(value) => {
          const id = value.trim();
          if (id) navigate(`/gs-refurbishment-version/${encodeURIComponent(id)}`);
        }}
      >
        <Label>Appointment ID</Label>
        <Input placeholder="Search Appointment ID" />
      </SearchField>
      {load.status === 'idle' && <p className="muted">Search an Appointment ID to see its refurbishment versions.</p>}
      {load.status === 'loading' && <p>Loading...</p>}
      {load.status === 'error' && <ErrorPanel detail={load.message} />}
      {load.status === 'done' && load.rows.length === 0 && <p>{REFURBISHMENT_TEXTS.versionsEmpty}</p>}
      {load.status === 'done' && load.rows.length > 0 && (
        <table className="grid" aria-label="Refurbishment versions">
          <thead>
            <tr>
              {REFURB_VERSION_COLUMNS.map((h) => (
                <th key={h} scope="col">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {load.rows.map((row) => (
              <tr
                key={row.version}
                className={clickable ? 'clickable' : undefined}
                tabIndex={clickable ? 0 : undefined}
                onClick={() => open(row)}
                onKeyDown={(event) => onKey(event, row)}
              >
                <td>{row.make}</td>
                <td>{row.model}</td>
                <td>{row.version}</td>
                <td>{row.status}</td>
                <td>{row.refurbishedBy}</td>
                <td>{dayjs(row.endTime).format('DD-MM-YYYY h:mm:ss A')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

export default RefurbishmentVersionScreen;
