/**
 * Value editors of a row, one per engine Widget (the engine's ranked testers pick it; this file only maps it to
 * a component). Every editor dispatches engine Edits; none holds a rule.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { acceptsInput } from '../../engine/widgets.ts';
import type { Edit, RowState, Scalar } from '../../engine/types.ts';
import { DateInput } from '../../components/DateInput.tsx';
import { useLookup } from './lookups.ts';
import { useRowStore } from './context.ts';

export interface EditorProps {
  row: RowState;
  disabled: boolean;
  onEdit: (edit: Edit) => void;
  /** Parent id for dependent lookups (the state of an RTO code). */
  lookupParent?: Scalar;
}

/** What the editor shows: the reviewer's new value once edited (even blank), else the recorded value. */
export function shownValue(row: Pick<RowState, 'newValue' | 'value'>): string {
  const v = row.newValue !== undefined ? row.newValue : row.value;
  return v === null || v === undefined ? '' : String(v);
}

function label(row: RowState): string {
  return `${row.text} new value`;
}

/**
 * Types a key's lower-case letters upper-cased in the browser's own insertion (a field the engine upper-cases):
 * the input event then carries the final text, so the change handler has nothing to rewrite. Rewriting the value
 * after the browser inserted it replaced the field's text a second time and forced a layout to put the caret back,
 * about half of such a keystroke's work. Paste, composition, a browser without execCommand and events a script
 * dispatched (not the browser's own: tools that simulate typing insert the text themselves after this handler, and
 * lost the letters) take that rewrite.
 */
function insertUpperCase(event: InputEvent) {
  const { data } = event;
  if (!event.isTrusted || event.inputType !== 'insertText' || !data || data === data.toUpperCase()) return;
  // The inserted text fires its input event before execCommand returns; it is true when the command ran.
  if (typeof document.execCommand === 'function' && document.execCommand('insertText', false, data.toUpperCase())) event.preventDefault();
}

/** The RowState fields a keystroke in a text field changes: its value and that edit's position. */
const TYPED: ReadonlySet<string> = new Set(['newValue', 'editSeq']);

/**
 * True when `next` is `prev` with another typed value only, on a row whose editor is a text field (TextWidget):
 * that field already shows the value, and reads any other change of it from the review's store itself, so the row's
 * reader may keep `prev` and React renders nothing for the keystroke. No row action reads the value of the RowState
 * it was rendered with (an upload names its row by key and the review machine reads the row as it is then; a remark
 * and the image editor take its place and picture), so a kept one never sends a value from before the keystrokes.
 */
export function onlyTyped(prev: RowState, next: RowState): boolean {
  if (prev.key !== next.key || !next.isEditable || (next.widget !== 'text' && next.widget !== 'numeric')) return false;
  for (const k in next) if (!TYPED.has(k) && next[k as keyof RowState] !== prev[k as keyof RowState]) return false;
  for (const k in prev) if (!TYPED.has(k) && !(k in next)) return false;
  return true;
}

function show(el: HTMLInputElement, row: RowState) {
  const v = shownValue(row);
  if (el.value !== v) el.value = v;
}

/**
 * A row's text field holds its own text (uncontrolled): a keystroke changes the field and the review's model, and
 * on the review route nothing re-renders for it (see `onlyTyped`). Rendering the row and re-setting a controlled
 * field's value attributes was half of a keystroke's work. Whatever else changes the value (a restored or discarded
 * draft, a reload, an edit the engine refuses or rewrites) is put in the field from the row as the review holds it:
 * from the live store where the rows read one, else from the props of the host's next render.
 */
export function TextWidget({ row, disabled, onEdit }: EditorProps) {
  const ref = useRef<HTMLInputElement>(null);
  const store = useRowStore();
  const { key, upperCase } = row;
  const current = useCallback(() => store?.getModel().rows[key] ?? row, [store, key, row]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    show(el, current());
    return store?.subscribeRows([key], () => show(el, current()));
  }, [store, key, current]);
  useEffect(() => {
    const el = ref.current;
    if (!upperCase || !el) return;
    el.addEventListener('beforeinput', insertUpperCase);
    return () => el.removeEventListener('beforeinput', insertUpperCase);
  }, [upperCase]);
  return (
    <input
      ref={ref}
      className="row-input"
      aria-label={label(row)}
      defaultValue={shownValue(row)}
      disabled={disabled}
      maxLength={row.maxLength}
      inputMode={row.widget === 'numeric' ? 'numeric' : undefined}
      onChange={(e) => {
        const el = e.target;
        let text = el.value;
        // Refused text goes, as from a controlled field.
        if (!acceptsInput(row, text)) return show(el, current());
        if (row.upperCase && text !== text.toUpperCase()) {
          // Upper-case in place so the caret stays where the reviewer is typing (the engine stores it upper-cased too).
          const { selectionStart, selectionEnd } = el;
          text = text.toUpperCase();
          el.value = text;
          el.setSelectionRange(selectionStart, selectionEnd);
        }
        onEdit({ type: 'setValue', key: row.key, value: text === '' ? null : text });
        // The edit is in the store now (a host without one renders the row with it): show what the review holds.
        if (store) show(el, current());
      }}
    />
  );
}

function Options({ options, current }: { options: readonly string[]; current: string }) {
  const list = current && !options.includes(current) ? [current, ...options] : options;
  return (
    <>
      <option value="">Select</option>
      {list.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </>
  );
}

export function SelectWidget({ row, disabled, onEdit }: EditorProps) {
  const current = shownValue(row);
  return (
    <select
      className="row-input"
      aria-label={label(row)}
      value={current}
      disabled={disabled}
      onChange={(e) => onEdit({ type: 'setValue', key: row.key, value: e.target.value === '' ? null : e.target.value })}
    >
      <Options options={row.options ?? []} current={current} />
    </select>
  );
}

/** A select whose choices come from a lookup call; the chosen option's id goes with the value (newId). */
export function LookupSelectWidget({ row, disabled, onEdit, lookupParent }: EditorProps) {
  const options = useLookup(row.lookup, lookupParent, !disabled);
  const current = shownValue(row);
  const labels = options?.map((o) => o.label) ?? [];
  return (
    <select
      className="row-input"
      aria-label={label(row)}
      value={current}
      disabled={disabled}
      onChange={(e) => {
        const picked = options?.find((o) => o.label === e.target.value);
        onEdit({ type: 'setValue', key: row.key, value: e.target.value === '' ? null : e.target.value, id: picked?.id ?? null });
      }}
    >
      <Options options={labels} current={current} />
    </select>
  );
}

/** Checkboxes, one per choice; the engine applies exclusive choices ('Ok', 'No Mismatch'). */
export function MultiSelectWidget({ row, disabled, onEdit }: EditorProps) {
  const chosen = row.newValues ?? row.values ?? [];
  // Rows whose config names the comments lookup also offer their section's comment choices (000 §7 api/comments).
  const comments = useLookup(row.lookup === 'comments' ? `comments:${row.section}` : undefined, null, !disabled);
  const options = comments ? [...(row.options ?? []), ...comments.map((c) => c.label).filter((c) => !row.options?.includes(c))] : (row.options ?? []);
  const all = [...options, ...chosen.filter((c) => !options.includes(c))];
  return (
    <fieldset className="multi" aria-label={label(row)} disabled={disabled}>
      {all.map((o) => (
        <label key={o}>
          <input type="checkbox" checked={chosen.includes(o)} onChange={() => onEdit({ type: 'toggleOption', key: row.key, option: o })} /> {o}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Entered as dd/MM/yyyy, stored DD-MM-YYYY (000 §5). Every change is an edit, a half-typed or impossible date too:
 * the engine's 'Date is in invalid format' rule is what flags it (an emptied date is null).
 */
export function DateWidget({ row, disabled, onEdit }: EditorProps) {
  return (
    <DateInput
      label={label(row)}
      value={shownValue(row)}
      isDisabled={disabled}
      onChange={(stored) => onEdit({ type: 'setValue', key: row.key, value: stored })}
    />
  );
}

export function ReadonlyWidget({ row }: { row: RowState }) {
  return <span className="row-readonly">{shownValue(row)}</span>;
}

/** The editor of a row, chosen by its engine widget. */
export const RowEditor = memo(function RowEditor(props: EditorProps): ReactNode {
  const { row } = props;
  switch (row.widget) {
    case 'text':
    case 'numeric':
      return <TextWidget {...props} />;
    case 'select':
      return row.lookup ? <LookupSelectWidget {...props} /> : <SelectWidget {...props} />;
    case 'multiselect':
      return <MultiSelectWidget {...props} />;
    case 'date':
      return <DateWidget {...props} />;
    case 'readonly':
    case 'image':
    case 'audioRemark':
      return <ReadonlyWidget row={row} />;
    default: {
      const never: never = row.widget;
      return String(never);
    }
  }
});

/** A row's validation error (announced) and its config notes, flagged ones marked: the car's and the bike's rows. */
export function RowMessages({ row }: { row: RowState }) {
  return (
    <>
      {!row.isValid && row.errorMsg && (
        <span role="alert" className="error row-error">
          {row.errorMsg}
        </span>
      )}
      {row.notes?.map((note) => (
        <span key={note} className={`note${row.isFlagged ? ' flagged' : ''}`}>
          {note}
        </span>
      ))}
    </>
  );
}
