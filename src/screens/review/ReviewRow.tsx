/** One checkable row (000 §3): tick to disagree, edit the value, see registry comparison, notes and remarks. */
import { memo, useState } from 'react';
import type { RowState, Scalar } from '../../engine/types.ts';
import { rowAddress } from './address.ts';
import { useRowContext } from './context.ts';
import { RegistryBadge } from './RegistryBadge.tsx';
import { RowRemarks } from './RemarkPanel.tsx';
import { ImageUpload } from '../../components/ImageUpload.tsx';
import { ReadonlyWidget, RowEditor, RowMessages } from './widgets.tsx';

interface Props {
  row: RowState;
  /** Parent's chosen id for dependent lookups (RTO code of a state). */
  lookupParent?: Scalar;
  /** A panel of the tab edits this row (the config's make/model/variant panel): the row shows its value only. */
  panelEdited?: boolean;
}

/** camelCase → 'Camel Case' for recorded details (treadDepth → Tread Depth). */
function labelOf(key: string): string {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

/** Recorded extra details of a row (tyres: tread depth and current condition; electricals: current condition). */
function details(row: RowState): [string, string][] {
  return Object.entries(row.additionalInfo ?? {})
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => [labelOf(k), String(v)]);
}

function recorded(row: RowState): string {
  if (row.values) return row.values.join(', ');
  return row.value === null || row.value === undefined ? '' : String(row.value);
}

export function RowUpload({ row }: { row: RowState }) {
  const { canEdit, uploadRowImage } = useRowContext();
  return <ImageUpload className="row-upload" label="Upload image" name={`Upload ${row.text} image`} disabled={!canEdit} onFile={(file) => uploadRowImage(row.key, file)} />;
}

export const ReviewRow = memo(function ReviewRow({ row, lookupParent, panelEdited = false }: Props) {
  const ctx = useRowContext();
  // A row that comes back into view with unsent remark text shows it again.
  const [showRemarks, setShowRemarks] = useState(() => Boolean(ctx.remarkText?.(row.key)));
  // A disabled row (ticked by its parent, 000 §4) keeps its tick; its value stays editable, as the pre-submit
  // checks ask for a new value on every ticked document field.
  const tickDisabled = !ctx.canEdit || row.isDisabled;
  const remarkCount = row.remarkHistory?.length ?? 0;
  // Each row is its own <form>: Chrome's autofill re-reads the form of every control whose value changes, and
  // controls outside any form make one document-wide form, so a keystroke cost a scan of every rendered row
  // (~3 ms with forced layouts). Enter in a row's field submits nothing. The form has no box (`row-form`) and no
  // name, so it is no landmark; the row inside is the named group (a form may not take that role).
  return (
    <form onSubmit={(e) => e.preventDefault()} className="row-form">
      <div
        className={`review-row${row.checked ? ' checked' : ''}${row.isValid ? '' : ' invalid'}${row.isImportant ? ' important' : ''}`}
        data-row={rowAddress(row)}
        data-key={row.key}
        role="group"
        aria-label={row.text}
        // Focused itself when it has no control but value editors (its tick locked by a parent, read-only).
        tabIndex={-1}
      >
        <input
          type="checkbox"
          className="tick"
          aria-label={`Reject ${row.text}`}
          checked={row.checked}
          disabled={tickDisabled}
          onChange={(e) => ctx.onEdit({ type: 'check', key: row.key, checked: e.target.checked })}
        />
        <span className="row-title">{row.text}</span>
        <span className="row-value" title="Recorded value">
          {recorded(row)}
        </span>
        <span className="row-editor">
          {!row.isEditable ? null : panelEdited ? <ReadonlyWidget row={row} /> : <RowEditor row={row} disabled={!ctx.canEdit} onEdit={ctx.onEdit} lookupParent={lookupParent} />}
        </span>
        <span className="row-side">
          <RegistryBadge row={row} />
          <button type="button" className="link" aria-expanded={showRemarks} onClick={() => setShowRemarks((v) => !v)}>
            Remarks{remarkCount ? ` (${remarkCount})` : ''}
          </button>
        </span>
        {row.additionalInfo && (
          <span className="row-details">
            {details(row).map(([k, v]) => (
              <span key={k}>
                {k}: {v}
              </span>
            ))}
          </span>
        )}
        {row.remark && <span className="row-remark">Remark: {row.remark}</span>}
        {row.prevValue && <span className="note">Previous rejection: {row.prevValue}</span>}
        <RowMessages row={row} />
        {row.canUpload && <RowUpload row={row} />}
        {row.image && row.kind !== 'image' && (
          <a className="row-image" href={ctx.imageSrc(row.image.url)} target="_blank" rel="noreferrer">
            View image
          </a>
        )}
        {showRemarks && (
          <div className="row-remarks">
            <RowRemarks row={row} />
          </div>
        )}
      </div>
    </form>
  );
});
