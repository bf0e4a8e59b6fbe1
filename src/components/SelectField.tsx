import { useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from 'react-aria-components/Button';
import { FieldError } from 'react-aria-components/FieldError';
import type { Key } from 'react-aria-components/Collection';
import { Label } from 'react-aria-components/Label';
import { ListBox, ListBoxItem } from 'react-aria-components/ListBox';
import { Popover } from 'react-aria-components/Popover';
import { Select, SelectValue } from 'react-aria-components/Select';

export interface Option {
  id: string | number;
  label: string;
}

/** Select menus are capped at 150 px (spec 000 §9). */
export const MENU_MAX_HEIGHT = 150;

interface Common {
  label: string;
  options: Option[];
  placeholder?: string;
  isDisabled?: boolean;
  /** A validation message: the select is marked invalid and the message is its description, read with it. */
  error?: string | null;
}

type Props =
  | (Common & { selectionMode?: 'single'; value: Key | null; onChange: (value: Key | null) => void })
  | (Common & { selectionMode: 'multiple'; value: Key[]; onChange: (value: Key[]) => void });

/**
 * The options with the chosen ones among them: a value shown before its list loads (handed back from another screen,
 * or a restored draft) reads as chosen, not as 'No options'.
 */
export function withChosen(options: readonly Option[], chosen: readonly Option[]): Option[] {
  return [...options, ...chosen.filter((c) => !options.some((o) => o.id === c.id))];
}

/** What Tab can land on: the document's own order (the app sets no positive tabindex). */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]';

/** The control Tab (`step` 1) or Shift+Tab (-1) goes to from `from`, in document order. */
function tabbableNext(from: Element, step: 1 | -1): HTMLElement | null {
  // checkVisibility: not rendered (display: none, a closed <details>); a browser without it (Safari before 17.4) counts them.
  const shown = (el: HTMLElement) => typeof el.checkVisibility !== 'function' || el.checkVisibility();
  const all = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el === from || (el.tabIndex >= 0 && shown(el) && !el.closest('[inert]')));
  return all[all.indexOf(from as HTMLElement) + step] ?? null;
}

/** Shown, disabled, while a select has no options (not loaded yet, or none to offer). */
export const NO_OPTIONS = 'No options';

/**
 * One accessible select for single and multiple choice (react-aria Select). With no options it is disabled and says
 * so: react-aria's Select does not open on an empty list, which would leave a button that does nothing.
 */
export function SelectField(props: Props) {
  const { label, options, placeholder = 'Select' } = props;
  // A select its caller disabled (Center until a city is chosen) keeps its placeholder.
  const empty = options.length === 0 && !props.isDisabled;
  const isDisabled = props.isDisabled || empty;
  // react-aria's list is a modal popover that keeps Tab inside it: a multi-select, which stays open after a choice,
  // trapped a keyboard user there until Esc. Tab closes the list (the choices stay as made) and goes on from the
  // select's button to the next (Shift: previous) field, as it does from a native select.
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const tabOut = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey || !trigger.current) return;
    event.preventDefault();
    // Before react-aria's focus containment, which listens on the document.
    event.stopPropagation();
    // Closed first: while the list is open, react-aria hides the rest of the page from assistive technology.
    flushSync(() => setOpen(false));
    (tabbableNext(trigger.current, event.shiftKey ? -1 : 1) ?? trigger.current).focus();
  };
  const body = (
    <>
      <Label>{label}</Label>
      <Button ref={trigger} className="select-button">
        <SelectValue>{({ isPlaceholder, defaultChildren }) => (empty ? NO_OPTIONS : isPlaceholder ? placeholder : defaultChildren)}</SelectValue>
        <span aria-hidden="true">▾</span>
      </Button>
      {props.error && <FieldError className="error field-error">{props.error}</FieldError>}
      <Popover className="select-popover">
        {/* A key from the list bubbles here (through the portal) before it reaches the document. */}
        <div onKeyDown={tabOut}>
          <ListBox items={options} style={{ maxHeight: MENU_MAX_HEIGHT, overflow: 'auto' }}>
            {(option) => <ListBoxItem id={option.id}>{option.label}</ListBoxItem>}
          </ListBox>
        </div>
      </Popover>
    </>
  );
  if (props.selectionMode === 'multiple') {
    return (
      <Select selectionMode="multiple" isOpen={open} onOpenChange={setOpen} value={props.value} onChange={(keys) => props.onChange([...keys])} isDisabled={isDisabled} isInvalid={!!props.error} className="select-field">
        {body}
      </Select>
    );
  }
  return (
    <Select isOpen={open} onOpenChange={setOpen} value={props.value} onChange={props.onChange} isDisabled={isDisabled} isInvalid={!!props.error} className="select-field">
      {body}
    </Select>
  );
}
