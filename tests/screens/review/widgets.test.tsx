// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { carEngine } from '../../support/car.ts';
import type { RowState } from '../../../src/engine/types.ts';
import { fetchComments, fetchLookup } from '../../../src/api/review.ts';
import { RowEditor, shownValue } from '../../../src/screens/review/widgets.tsx';
import { RegistryBadge } from '../../../src/screens/review/RegistryBadge.tsx';
import { clearLookupCache } from '../../../src/screens/review/lookups.ts';
import { fakeLayout } from '../../support/layout.ts';
import { makeInspection } from './helpers.tsx';

vi.mock('../../../src/api/review.ts', () => ({ fetchLookup: vi.fn(async () => []), fetchComments: vi.fn(async () => []) }));

const model = carEngine.evaluate(makeInspection({ values: { chassisNumberEmbossing: ['Ok'] } }));
const rowOf = (key: string, patch: Partial<RowState> = {}): RowState => ({ ...model.rows[key], ...patch });

function editor(row: RowState, disabled = false) {
  const onEdit = vi.fn();
  render(<RowEditor row={row} disabled={disabled} onEdit={onEdit} />);
  return onEdit;
}

beforeAll(() => {
  fakeLayout();
});
afterEach(() => {
  cleanup();
  clearLookupCache();
  vi.clearAllMocks();
});

describe('row widgets (spec 000 §5 field rules)', () => {
  it('text: every keystroke is a setValue edit, upper-cased where the row says so; max length 30 by default', async () => {
    const onEdit = editor(rowOf('chassisNumber', { newValue: '' }));
    const input = screen.getByRole('textbox', { name: 'Chassis Number new value' }) as HTMLInputElement;
    expect(input.maxLength).toBe(30);
    await userEvent.type(input, 'a');
    expect(onEdit).toHaveBeenLastCalledWith({ type: 'setValue', key: 'chassisNumber', value: 'A' });
  });

  it('text: clearing the field is a null value', async () => {
    const onEdit = editor(rowOf('customerName', { newValue: 'x' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Customer Name new value' }));
    expect(onEdit).toHaveBeenLastCalledWith({ type: 'setValue', key: 'customerName', value: null });
  });

  it("registration number: a 12th character can be typed, so 'Registration No should be 11 character long' can show (000 §5, §8)", async () => {
    const onEdit = editor(rowOf('registrationNumber', { newValue: 'MH02CD5678' }));
    const input = screen.getByRole('textbox', { name: 'Registration Number new value' });
    await userEvent.type(input, '9');
    expect(onEdit).toHaveBeenLastCalledWith({ type: 'setValue', key: 'registrationNumber', value: 'MH02CD56789' });
    expect(onEdit).toHaveBeenCalledTimes(1);
    cleanup();
    const onLonger = editor(rowOf('registrationNumber', { newValue: 'MH02CD56789' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Registration Number new value' }), '0');
    expect(onLonger).toHaveBeenLastCalledWith({ type: 'setValue', key: 'registrationNumber', value: 'MH02CD567890' });
  });

  it('numeric: accepts digits only', async () => {
    const onEdit = editor(rowOf('odometerReading', { newValue: '' }));
    const input = screen.getByRole('textbox', { name: 'Odometer Reading new value' });
    await userEvent.type(input, 'x');
    expect(onEdit).not.toHaveBeenCalled();
    await userEvent.type(input, '7');
    expect(onEdit).toHaveBeenCalledWith({ type: 'setValue', key: 'odometerReading', value: '7' });
  });

  it('select: offers the config options and sends the choice', async () => {
    const onEdit = editor(rowOf('insuranceType'));
    const select = screen.getByRole('combobox', { name: 'Insurance Type new value' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'Comprehensive', 'Zero Depreciation', '3rd Party', 'Insurance Expired']);
    await userEvent.selectOptions(select, '3rd Party');
    expect(onEdit).toHaveBeenCalledWith({ type: 'setValue', key: 'insuranceType', value: '3rd Party' });
  });

  it('lookup select: loads its choices and sends the chosen id with the value', async () => {
    vi.mocked(fetchLookup).mockResolvedValue([{ id: 9, label: 'Maharashtra' }]);
    const onEdit = editor(rowOf('registrationState', { value: null }));
    const select = screen.getByRole('combobox', { name: 'Registration State new value' });
    await waitFor(() => expect((select as HTMLSelectElement).options.length).toBe(2));
    await userEvent.selectOptions(select, 'Maharashtra');
    expect(onEdit).toHaveBeenCalledWith({ type: 'setValue', key: 'registrationState', value: 'Maharashtra', id: 9 });
    expect(fetchLookup).toHaveBeenCalledWith('state', undefined);
  });

  it('a disabled lookup select never fetches', () => {
    editor(rowOf('registrationState'), true);
    expect(fetchLookup).not.toHaveBeenCalled();
  });

  it('multi-select: one checkbox per choice, each a toggleOption edit', async () => {
    const onEdit = editor(rowOf('chassisNumberEmbossing'));
    const group = screen.getByRole('group', { name: 'Chassis Number Embossing new value' });
    expect((screen.getByRole('checkbox', { name: 'Ok' }) as HTMLInputElement).checked).toBe(true);
    expect(group.querySelectorAll('input').length).toBe(6);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Rusted' }));
    expect(onEdit).toHaveBeenCalledWith({ type: 'toggleOption', key: 'chassisNumberEmbossing', option: 'Rusted' });
  });

  it('comments: the recorded comments plus the section comment choices by rank', async () => {
    vi.mocked(fetchComments).mockResolvedValue([
      { comment: 'Second', id: 2, rank: 2 },
      { comment: 'First', id: 1, rank: 1 },
    ]);
    const onEdit = editor(rowOf('carDetailsComments'));
    await screen.findByRole('checkbox', { name: 'First' });
    const names = [...screen.getByRole('group').querySelectorAll('label')].map((l) => l.textContent?.trim());
    expect(names).toEqual([...(model.rows.carDetailsComments.options ?? []), 'First', 'Second']);
    expect(fetchComments).toHaveBeenCalledWith('carDetails');
    await userEvent.click(screen.getByRole('checkbox', { name: 'First' }));
    expect(onEdit).toHaveBeenCalledWith({ type: 'toggleOption', key: 'carDetailsComments', option: 'First' });
  });

  it('date: shown as dd/MM/yyyy, handed on as DD-MM-YYYY, an impossible date too (the engine flags it)', async () => {
    const onEdit = editor(rowOf('fitnessUpto', { newValue: '15-06-2030' }));
    const input = screen.getByRole('textbox', { name: 'Fitness Upto new value' }) as HTMLInputElement;
    expect(input.value).toBe('15/06/2030');
    await userEvent.clear(input);
    expect(onEdit).toHaveBeenLastCalledWith({ type: 'setValue', key: 'fitnessUpto', value: null });
    await userEvent.type(input, '16062030');
    expect(onEdit).toHaveBeenLastCalledWith({ type: 'setValue', key: 'fitnessUpto', value: '16-06-2030' });
    await userEvent.clear(input);
    await userEvent.type(input, '31022030');
    expect(onEdit).toHaveBeenLastCalledWith({ type: 'setValue', key: 'fitnessUpto', value: '31-02-2030' });
  });

  it('readonly: the value only', () => {
    editor(rowOf('vinOBD'));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText(String(model.rows.vinOBD.value))).toBeTruthy();
  });

  it('shows the new value once edited, even when blank', () => {
    expect(shownValue({ value: 'A', newValue: undefined })).toBe('A');
    expect(shownValue({ value: 'A', newValue: null })).toBe('');
    expect(shownValue({ value: 'A', newValue: 'B' })).toBe('B');
  });
});

describe('registry comparison badge (spec 000 §5 Registry comparison)', () => {
  it.each([
    ['yes', 'Matches registry'],
    ['no', 'Differs from registry'],
    ['info', 'Registry info'],
  ] as const)('%s shows its label with the registry and SMS values', (flag, label) => {
    render(<RegistryBadge row={{ vaahanFlag: flag, registryValue: 'MH01AB1234', smsValue: 'MH01AB1235', dataSource: 'vahanWebsite' }} />);
    const badge = screen.getByLabelText(label);
    expect(badge.textContent).toContain('Registry: MH01AB1234');
    expect(badge.textContent).toContain('SMS: MH01AB1235');
  });

  it('shows nothing for rows without a comparison', () => {
    const { container } = render(<RegistryBadge row={{}} />);
    expect(container.textContent).toBe('');
  });
});
