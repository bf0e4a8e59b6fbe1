import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, type Key } from 'react-aria-components';

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
}

type Props =
  | (Common & { selectionMode?: 'single'; value: Key | null; onChange: (value: Key | null) => void })
  | (Common & { selectionMode: 'multiple'; value: Key[]; onChange: (value: Key[]) => void });

/** One accessible select for single and multiple choice (react-aria Select). */
export function SelectField(props: Props) {
  const { label, options, placeholder = 'Select', isDisabled } = props;
  const body = (
    <>
      <Label>{label}</Label>
      <Button className="select-button">
        <SelectValue>{({ isPlaceholder, defaultChildren }) => (isPlaceholder ? placeholder : defaultChildren)}</SelectValue>
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="select-popover">
        <ListBox items={options} style={{ maxHeight: MENU_MAX_HEIGHT, overflow: 'auto' }}>
          {(option) => <ListBoxItem id={option.id}>{option.label}</ListBoxItem>}
        </ListBox>
      </Popover>
    </>
  );
  if (props.selectionMode === 'multiple') {
    return (
      <Select selectionMode="multiple" value={props.value} onChange={(keys) => props.onChange([...keys])} isDisabled={isDisabled} className="select-field">
        {body}
      </Select>
    );
  }
  return (
    <Select value={props.value} onChange={props.onChange} isDisabled={isDisabled} className="select-field">
      {body}
    </Select>
  );
}
