import { useRef, useState, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';

/**
 * Dates are entered in a date picker shown as dd/MM/yyyy and stored as DD-MM-YYYY (spec 000 §5).
 *
 * One text input (cheap to mount: the review screen mounts it whenever a rule reveals a date row) where typed digits
 * get their slashes put in, plus a button opening the browser's own calendar. Whatever is typed is handed on, real
 * date or not, so the engine's 'Date is in invalid format' check sees it; only an emptied field is null.
 */

const STORED = /^(\d{2})-(\d{2})-(\d{4})$/;
/** What this input hands on while typing: DD, DD-MM, DD-MM-YYYY or a prefix of them. */
const TYPED = /^\d{1,2}(-\d{0,2}(-\d{0,4})?)?$/;

/** A stored value as shown: DD-MM-YYYY (or a half-typed prefix of it) with slashes; other text as it is. */
export function displayOf(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return TYPED.test(text) ? text.replace(/-/g, '/') : text;
}

/** Shown text → what is handed on: the same with dashes (DD-MM-YYYY once complete), or null when empty. */
export function storedOf(shown: string): string | null {
  return shown === '' ? null : shown.replace(/\//g, '-');
}

/**
 * Typed text as dd/mm/yyyy: digits only, at most eight, with the slashes put in. A one-digit day or month closed
 * by a typed separator gets its leading zero ('1/7/' → '01/07/').
 */
export function formatTyped(raw: string): string {
  const parts = raw.split(/\D+/);
  let digits = '';
  parts.forEach((part, i) => {
    const closed = i < parts.length - 1;
    digits += closed && part.length === 1 && (digits.length === 0 || digits.length === 2) ? `0${part}` : part;
  });
  digits = digits.slice(0, 8);
  const closedBySeparator = /\D$/.test(raw) && (digits.length === 2 || digits.length === 4);
  const shown = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
  return closedBySeparator ? `${shown}/` : shown;
}

/** DD-MM-YYYY ↔ the native calendar's yyyy-mm-dd. */
function isoOf(stored: string): string {
  const m = STORED.exec(stored);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}
function storedOfIso(iso: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

interface Props {
  label: string;
  value: string | number | null | undefined;
  isDisabled?: boolean;
  onChange: (stored: string | null) => void;
}

/** A date typed as dd/mm/yyyy (or picked from a calendar), handed on as DD-MM-YYYY. */
export function DateInput({ label, value, isDisabled, onChange }: Props) {
  const [text, setText] = useState(() => displayOf(value));
  const [seen, setSeen] = useState(value);
  // A value set from outside (undo, another editor) replaces the text; the echo of what was typed does not.
  if (value !== seen) {
    setSeen(value);
    if (storedOf(text) !== (value === undefined || value === '' ? null : String(value))) setText(displayOf(value));
  }
  const [picking, setPicking] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const typed = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.target;
    const raw = el.value;
    const shown = formatTyped(raw);
    if (shown !== raw) {
      // Keep the caret after the same digits it followed when typing mid-date (at the end it stays at the end).
      const caret = el.selectionStart ?? raw.length;
      let at = shown.length;
      if (caret < raw.length) {
        const before = raw.slice(0, caret).replace(/\D/g, '').length;
        at = 0;
        for (let count = 0; at < shown.length && count < before; at++) if (/\d/.test(shown[at])) count++;
      }
      el.value = shown;
      el.setSelectionRange(at, at);
    }
    setText(shown);
    onChange(storedOf(shown));
  };

  const openCalendar = () => {
    // The native picker is mounted only when asked for; showPicker needs the click's user activation, so mount now.
    flushSync(() => setPicking(true));
    const el = picker.current;
    if (!el) return;
    if (typeof el.showPicker === 'function') {
      try {
        el.showPicker();
        return;
      } catch {
        // Not allowed here (no user activation, cross-origin frame): fall back to focusing it.
      }
    }
    el.focus();
  };

  const stored = storedOf(text);
  return (
    <span className="date-field" style={{ position: 'relative', display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <input
        type="text"
        className="row-input date-input"
        aria-label={label}
        placeholder="dd/mm/yyyy"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        style={{ width: '9em' }}
        value={text}
        disabled={isDisabled}
        onChange={typed}
      />
      <button type="button" className="date-calendar" aria-label={`${label}: choose from calendar`} disabled={isDisabled} onClick={openCalendar}>
        <span aria-hidden="true">📅</span>
      </button>
      {picking && (
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-label={`${label} calendar`}
          value={stored ? isoOf(stored) : ''}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
          onChange={(e) => {
            const picked = storedOfIso(e.target.value);
            if (!picked) return;
            setText(displayOf(picked));
            onChange(picked);
          }}
          onBlur={() => setPicking(false)}
        />
      )}
    </span>
  );
}
