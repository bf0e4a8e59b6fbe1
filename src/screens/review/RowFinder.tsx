/**
 * The panel's own row finder (issue 16 'Find any row'), for every review product: rows are virtualized, so the
 * browser's find cannot see rows off screen. Typing filters the screen's candidate rows of every tab or section by
 * title, section and value; Enter (or a click) goes to it. Filtering runs on the finder's keystrokes only.
 */
import { useMemo, useState } from 'react';
import { Dialog, Heading } from 'react-aria-components/Dialog';
import { Modal } from 'react-aria-components/Modal';
import { findRows, type CandidateRow, type Shortcut, type ShortcutId } from './shortcuts.ts';
import './review-tools.css';

interface Props {
  /** The rows to search, read once when the finder opens (a dialog: they cannot change while it is open). */
  rows: () => readonly CandidateRow[];
  onChoose: (key: string) => void;
  onClose: () => void;
}

export function RowFinder({ rows, onChoose, onClose }: Props) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [candidates] = useState(rows);
  const found = useMemo(() => findRows(candidates, query), [candidates, query]);
  const choose = (i: number) => {
    const row = found[i];
    if (row) onChoose(row.key);
  };
  return (
    <Modal isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="modal">
      <Dialog aria-label="Find a row" className="popup finder">
        <Heading slot="title">Find a row</Heading>
        <input
          autoFocus
          role="combobox"
          aria-label="Find a row"
          aria-expanded={found.length > 0}
          aria-controls="row-finder-results"
          aria-activedescendant={found[active] ? `row-finder-${active}` : undefined}
          placeholder="Row title, section or value"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((i) => Math.min(i + 1, found.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((i) => Math.max(i - 1, 0));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              choose(active);
            }
          }}
        />
        {query.trim() !== '' && found.length === 0 && <p className="muted">No results found</p>}
        <ul id="row-finder-results" role="listbox" aria-label="Rows found" className="finder-results">
          {found.map((row, i) => (
            <li
              key={row.key}
              id={`row-finder-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(i)}
            >
              <span className="finder-title">{row.title}</span> <span className="muted">{row.group}</span>
              {row.value && <span className="finder-value"> · {row.value}</span>}
            </li>
          ))}
        </ul>
      </Dialog>
    </Modal>
  );
}

/** The `?` overlay listing the review's shortcuts. */
export function ShortcutHelp({ shortcuts, onClose }: { shortcuts: readonly Shortcut[]; onClose: () => void }) {
  return (
    <Modal isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="modal">
      <Dialog aria-label="Keyboard shortcuts" className="popup">
        <Heading slot="title">Keyboard shortcuts</Heading>
        <table className="grid" aria-label="Shortcuts">
          <tbody>
            {shortcuts.map((s) => (
              <tr key={`${s.id} ${s.keys}`}>
                <th scope="row">
                  <kbd>{s.keys}</kbd>
                </th>
                <td>{s.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="popup-actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </Dialog>
    </Modal>
  );
}

export type ReviewOverlay = 'finder' | 'help';

/**
 * The buttons a review's shortcuts also reach, those of the screen's shortcuts: next error, the row finder, the help.
 * `nextError` names what n goes to on that screen.
 */
export function ReviewTools({ shortcuts, onNextError, onOpen, nextError = 'Next error' }: {
  shortcuts: readonly ShortcutId[];
  onNextError?: () => void;
  onOpen: (overlay: ReviewOverlay) => void;
  nextError?: string;
}) {
  return (
    <span className="tab-tools">
      {onNextError && shortcuts.includes('nextError') && (
        <button type="button" onClick={onNextError} aria-keyshortcuts="n">
          {nextError}
        </button>
      )}
      {shortcuts.includes('find') && (
        <button type="button" onClick={() => onOpen('finder')} aria-keyshortcuts="/ Control+K">
          Find row
        </button>
      )}
      <button type="button" onClick={() => onOpen('help')} aria-keyshortcuts="?" aria-label="Keyboard shortcuts">
        ?
      </button>
    </span>
  );
}

/** The open overlay of a review: the row finder (choosing a row closes it and goes there) or the shortcuts help. */
export function ReviewOverlays({ overlay, rows, shortcuts, onClose, goToRow }: {
  overlay: ReviewOverlay | null;
  /** The candidate rows, read when the finder opens. */
  rows: () => readonly CandidateRow[];
  shortcuts: readonly Shortcut[];
  onClose: () => void;
  goToRow: (key: string) => void;
}) {
  if (overlay === 'finder')
    return (
      <RowFinder
        rows={rows}
        onClose={onClose}
        onChoose={(key) => {
          onClose();
          goToRow(key);
        }}
      />
    );
  if (overlay === 'help') return <ShortcutHelp shortcuts={shortcuts} onClose={onClose} />;
  return null;
}
