/**
 * SUMMARY tab (000 §2): the errors summary table (every ticked visible row), the RI Changes table with the Send
 * Mail popup and the e-mails already sent.
 */
import { useEffect, useState } from 'react';
import { displayText } from '../../components/display-text.ts';
import type { InspectionDetail } from '../../products/car/inspection.ts';
import type { ReviewModel, RowState } from '../../engine/types.ts';
import { rejectedRows } from '../../engine/submission.ts';
import { fetchRiEmailLog, type RiEmailLog } from '../../api/review.ts';
import { RiMailPopup } from './RiMailPopup.tsx';
import { formatTime, readTime } from '../../components/format-time.ts';

/** When an RI mail went out, as people read it (the log answers an ISO timestamp; another backend may send unix time). */
const SENT_AT = 'DD MMM YYYY, HH:mm';

function newValueOf(row: RowState): string {
  if (row.newValues) return row.newValues.join(', ');
  return row.newValue === null || row.newValue === undefined ? '' : String(row.newValue);
}

interface Props {
  model: ReviewModel;
  inspection: InspectionDetail;
  canEdit: boolean;
  /** Goes to a row (its tab, scrolled into view, focused). */
  onGoToRow?: (key: string) => void;
}

export function SummaryTab({ model, inspection, canEdit, onGoToRow }: Props) {
  const errors = rejectedRows(model);
  // Another backend may send the RI table as something other than a list, or with holes: its rows, or none.
  const changes = Array.isArray(inspection.riTableData) ? inspection.riTableData.filter((c) => c !== null && typeof c === 'object') : [];
  const [mailOpen, setMailOpen] = useState(false);
  const [log, setLog] = useState<RiEmailLog[]>([]);
  const [logVersion, setLogVersion] = useState(0);

  useEffect(() => {
    if (inspection.version <= 0) return;
    let live = true;
    fetchRiEmailLog(inspection.appointmentId).then((l) => live && setLog(l), () => undefined);
    return () => {
      live = false;
    };
  }, [inspection.appointmentId, inspection.version, logVersion]);

  return (
    <div className="summary">
      <section aria-label="Errors Summary">
        <h2>Errors Summary</h2>
        {errors.length === 0 ? (
          <p className="muted">No errors marked</p>
        ) : (
          <table className="grid" aria-label="Errors">
            <thead>
              <tr>
                <th>Tab</th>
                <th>Field</th>
                <th>Value</th>
                <th>New Value</th>
                <th>Remark</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((r) => (
                <tr key={r.key} className={onGoToRow ? 'clickable' : undefined} onClick={onGoToRow && (() => onGoToRow(r.key))}>
                  <td>{r.tab}</td>
                  <td>
                    {onGoToRow ? (
                      <button type="button" className="link" onClick={(e) => (e.stopPropagation(), onGoToRow(r.key))}>
                        {r.text}
                      </button>
                    ) : (
                      r.text
                    )}
                  </td>
                  <td>{r.kind === 'image' ? 'Image' : displayText(r.value)}</td>
                  <td>{newValueOf(r)}</td>
                  <td>{r.remark ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {inspection.version > 0 && (
        <section aria-label="RI Changes">
          <h2>
            RI Changes{' '}
            {canEdit && (
              <button type="button" onClick={() => setMailOpen(true)}>
                Send Mail
              </button>
            )}
          </h2>
          {changes.length === 0 ? (
            <p className="muted">No results found</p>
          ) : (
            <table className="grid" aria-label="RI Changes">
              <thead>
                <tr>
                  <th>Field</th>
                  <th>Last Auction Version</th>
                  <th>Current Version</th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c, i) => (
                  <tr key={`${c.title}${i}`}>
                    <td>{displayText(c.title)}</td>
                    <td>{displayText(c.oldValue)}</td>
                    <td>{displayText(c.newValue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {log.length > 0 && (
            <ul className="mail-log" aria-label="Sent e-mails">
              {log.map((l) => (
                <li key={`${l.createdAt}${l.reinspectionDiffUrl}`}>
                  <time dateTime={readTime(l.createdAt)?.toISOString()}>{formatTime(l.createdAt, SENT_AT)}</time>{' '}
                  <a href={l.reinspectionDiffUrl} target="_blank" rel="noreferrer">
                    Differences
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {mailOpen && (
        <RiMailPopup
          carId={inspection.carId}
          version={inspection.version}
          raEmail={inspection.raEmail}
          regionDepartmentEmail={inspection.regionDepartmentEmail}
          onClose={(sent) => {
            setMailOpen(false);
            if (sent) setLogVersion((v) => v + 1);
          }}
        />
      )}
    </div>
  );
}
