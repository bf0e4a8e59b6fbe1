/**
 * An image group of the review (RC1–RC5, Insurance1–5, duplicate keys, main exterior views, interior views,
 * additional images): each image is a checkable row with remarks, a full-size link (/view-image) and the editor.
 * Document groups (the car's RC and insurance images) can be filtered with 'Show Verified' / 'Show Non Verified' (000 §2).
 */
import { memo, useState } from 'react';
import { LinkedImage, viewerHref } from '../../components/LinkedImage.tsx';
import type { RowState } from '../../engine/types.ts';
import { rowAddress } from './address.ts';
import { useRowContext } from './context.ts';
import { RowRemarks } from './RemarkPanel.tsx';

interface Props {
  group: string;
  title: string;
  rows: readonly RowState[];
  /** A document group of the product (config `product.documentImages`): offers the verified filters. */
  verifiable: boolean;
  /** Edited image urls by row key (after an upload in this review). */
  urls: Readonly<Record<string, string>>;
}

const ImageTile = memo(function ImageTile({ row, index, url }: { row: RowState; index: number; url: string }) {
  const ctx = useRowContext();
  const [showRemarks, setShowRemarks] = useState(false);
  const disabled = !ctx.canEdit || row.isDisabled;
  const src = ctx.imageSrc(url);
  return (
    <div className={`image-tile${row.checked ? ' checked' : ''}`} role="group" aria-label={row.text} data-row={rowAddress(row)} data-key={row.key} tabIndex={-1}>
      <LinkedImage src={src} alt={row.text} href={viewerHref(index, src)} />
      <div className="tile-caption">
        <label>
          <input type="checkbox" aria-label={`Reject ${row.text}`} checked={row.checked} disabled={disabled} onChange={(e) => ctx.onEdit({ type: 'check', key: row.key, checked: e.target.checked })} />{' '}
          {row.text}
        </label>
        {row.isVerified && <span className="badge verified">Verified</span>}
        {row.isMaskedByQc && <span className="badge">Masked</span>}
      </div>
      <div className="tile-actions">
        {ctx.canEdit && (
          <button type="button" onClick={() => ctx.editImage({ ...row, value: url })}>
            Edit image
          </button>
        )}
        <button type="button" className="link" aria-expanded={showRemarks} onClick={() => setShowRemarks((v) => !v)}>
          Remarks
        </button>
      </div>
      {showRemarks && (
        <RowRemarks row={row} />
      )}
    </div>
  );
});

function ImagesPanelView({ group, title, rows, verifiable, urls }: Props) {
  const [showVerified, setShowVerified] = useState(true);
  const [showNonVerified, setShowNonVerified] = useState(true);
  const shown = verifiable ? rows.filter((r) => (r.isVerified ? showVerified : showNonVerified)) : rows;
  const notes = [...new Set(rows.flatMap((r) => r.notes ?? []))];
  return (
    <section className="images-panel" aria-label={title} data-group={group}>
      <header>
        <h2>{title}</h2>
        {verifiable && (
          <span className="toggles">
            <label>
              <input type="checkbox" checked={showVerified} onChange={(e) => setShowVerified(e.target.checked)} /> Show Verified
            </label>
            <label>
              <input type="checkbox" checked={showNonVerified} onChange={(e) => setShowNonVerified(e.target.checked)} /> Show Non Verified
            </label>
          </span>
        )}
      </header>
      {notes.map((n) => (
        <p key={n} className="note">
          {n}
        </p>
      ))}
      <div className="image-grid">
        {shown.length === 0 && <p className="muted">No images</p>}
        {shown.map((r) => (
          <ImageTile key={r.key} row={r} index={rows.indexOf(r)} url={urls[r.key] ?? String(r.image?.url ?? r.value ?? '')} />
        ))}
      </div>
    </section>
  );
}

/** Re-renders only when one of its rows (or an edited url) changes. */
export const ImagesPanel = memo(ImagesPanelView, (a, b) => a.group === b.group && a.title === b.title && a.verifiable === b.verifiable && a.urls === b.urls && a.rows.length === b.rows.length && a.rows.every((r, i) => r === b.rows[i]));
