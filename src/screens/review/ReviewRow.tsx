import { memo } from 'react';
import { Checkbox } from 'react-aria-components';
import type { Edit, RowState } from '../../engine/types.ts';

interface Props {
  row: RowState;
  readOnly: boolean;
  onEdit: (edit: Edit) => void;
}

function Editor({ row, readOnly, onEdit }: Props) {
  const current = row.newValue ?? row.value ?? '';
  const disabled = readOnly || !row.isEditable || row.isDisabled;
  const label = `${row.text} new value`;
  const set = (value: string) => onEdit({ type: 'setValue', key: row.key, value: value === '' ? null : value });
  switch (row.widget) {
    case 'select':
      return (
        <select aria-label={label} value={String(current)} disabled={disabled} onChange={(e) => set(e.target.value)}>
          <option value="">Select</option>
          {row.options?.map((option) => (
            <option key={option} value={option}>{option}</option>
          ))}
        </select>
      );
    case 'readonly':
      return <span className="value">{String(current)}</span>;
    default:
      return (
        <input
          aria-label={label}
          value={String(current)}
          disabled={disabled}
          inputMode={row.widget === 'numeric' ? 'numeric' : undefined}
          maxLength={row.maxLength}
          onChange={(e) => set(e.target.value)}
        />
      );
  }
}

/** One checkable row: tick to disagree, edit the value; everything it shows comes from the engine's RowState. */
export const ReviewRow = memo(function ReviewRow({ row, readOnly, onEdit }: Props) {
  return (
    <div className={`review-row${row.checked ? ' checked' : ''}${row.isValid ? '' : ' invalid'}`} data-row={row.key} role="group" aria-label={row.text}>
      <Checkbox
        isSelected={row.checked}
        isDisabled={readOnly || row.isDisabled}
        onChange={(checked) => onEdit({ type: 'check', key: row.key, checked })}
        aria-label={`Reject ${row.text}`}
      >
        <span className="box" aria-hidden="true" />
      </Checkbox>
      <span className="row-title">{row.text}</span>
      <span className="row-value">{String(row.value ?? '')}</span>
      <Editor row={row} readOnly={readOnly} onEdit={onEdit} />
      {row.errorMsg && <span role="alert" className="error">{row.errorMsg}</span>}
      {row.notes?.map((note) => <span key={note} className="note">{note}</span>)}
    </div>
  );
});
