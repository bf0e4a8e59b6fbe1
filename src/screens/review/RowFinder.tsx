/**
 * The panel's own row finder (issue 16 'Find any row'): rows are virtualized, so the browser's find cannot see rows
 * off screen. Typing filters every visible row of every tab by title, section and value; Enter (or a click) goes to it.
 * Filtering runs on the finder's keystrokes only, never on the rows' own.
 */
import { useMemo, useState } from 'react';
import { Dialog, Heading, Modal } from 'react-aria-components';
import type { ReviewModel } from '../../engine/types.ts';
import { findRows } from './shortcuts.ts';
import './review-tools.css';

interface Props {
  model: ReviewModel;
  onChoose: (key: string) => void;
  onClose: () => void;
}

export function RowFinder({ model, onChoose, onClose }: Props) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const found = useMemo(() => (query.trim() ? findRows(model, query) : []), [model, query]);
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
              <span className="finder-title">{row.title}</span> <span className="muted">{row.tab}</span>
              {row.value && <span className="finder-value"> · {row.value}</span>}
            </li>
          ))}
        </ul>
      </Dialog>
    </Modal>
  );
}

/** The `?` overlay listing the review's shortcuts. */
export function ShortcutHelp({ shortcuts, onClose }: { shortcuts: readonly { keys: string; does: string }[]; onClose: () => void }) {
  return (
    <Modal isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="modal">
      <Dialog aria-label="Keyboard shortcuts" className="popup">
        <Heading slot="title">Keyboard shortcuts</Heading>
        <table className="grid" aria-label="Shortcuts">
          <tbody>
            {shortcuts.map((s) => (
              <tr key={s.keys}>
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

/** The buttons beside a review's tabs that the keyboard shortcuts also reach: next error, the row finder, the help. */
export function ReviewTools({ onNextError, onOpen }: { onNextError: () => void; onOpen: (overlay: ReviewOverlay) => void }) {
  return (
    <span className="tab-tools">
      <button type="button" onClick={onNextError} aria-keyshortcuts="n">
        Next error
      </button>
      <button type="button" onClick={() => onOpen('finder')} aria-keyshortcuts="/ Control+K">
        Find row
      </button>
      <button type="button" onClick={() => onOpen('help')} aria-keyshortcuts="?" aria-label="Keyboard shortcuts">
        ?
      </button>
    </span>
  );
}

/** The open overlay of a review: the row finder (choosing a row closes it and goes there) or the shortcuts help. */
export function ReviewOverlays({ overlay, model, shortcuts, onClose, goToRow }: {
  overlay: ReviewOverlay | null;
  model: ReviewModel;
  shortcuts: readonly { keys: string; does: string }[];
  onClose: () => void;
  goToRow: (key: string) => void;
}) {
  if (overlay === 'finder')
    return (
      <RowFinder
        model={model}
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
