import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Key } from 'react-aria-components/Collection';
import { expect, userEvent, within } from 'storybook/test';
import { SelectField } from '../src/components/SelectField.tsx';
import { DateInput } from '../src/components/DateInput.tsx';
import { ErrorPanel } from '../src/components/ErrorPanel.tsx';
import listConfig from '../src/config/inspection-list.json';

/** Shared widgets built on react-aria-components. */
const meta = { title: 'Widgets', component: SelectField, subcomponents: { DateInput, ErrorPanel } } satisfies Meta<typeof SelectField>;
export default meta;
type Story = StoryObj;

const cities = [
  { id: 1, label: 'Delhi NCR' },
  { id: 2, label: 'Mumbai' },
  { id: 3, label: 'Bengaluru' },
];

export const SingleSelect: Story = {
  render: function Render() {
    const [value, setValue] = useState<Key | null>(null);
    return <SelectField label="Category" options={listConfig.categories.map((c) => ({ id: c, label: c }))} value={value} onChange={setValue} />;
  },
};

export const MultiSelect: Story = {
  render: function Render() {
    const [value, setValue] = useState<Key[]>([2]);
    return <SelectField label="City" selectionMode="multiple" options={cities} value={value} onChange={setValue} />;
  },
};

export const DisabledSelect: Story = {
  render: () => <SelectField label="Center" options={[]} value={null} onChange={() => undefined} isDisabled />,
};

export const DateField: Story = {
  render: function Render() {
    const [value, setValue] = useState<string | null>('05-03-2027');
    return (
      <div>
        <DateInput label="Fitness Upto" value={value} onChange={setValue} />
        <p>Stored: {value ?? '—'}</p>
      </div>
    );
  },
  /** 000 §5: shown as dd/MM/yyyy, stored as DD-MM-YYYY; typed digits get their slashes, '1/7/' its leading zeros. */
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Fitness Upto' });
    await expect(input).toHaveValue('05/03/2027');
    await userEvent.clear(input);
    await expect(canvas.getByText('Stored: —')).toBeInTheDocument();
    await userEvent.type(input, '1/7/2028');
    await expect(input).toHaveValue('01/07/2028');
    await expect(canvas.getByText('Stored: 01-07-2028')).toBeInTheDocument();
  },
};

export const Error: Story = { render: () => <ErrorPanel detail="Request failed with status code 500" /> };
