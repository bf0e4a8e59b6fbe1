// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateInput, displayOf, formatTyped, storedOf } from '../../src/components/DateInput.tsx';

afterEach(cleanup);

function field(value: string | null, onChange = vi.fn()) {
  render(<DateInput label="Fitness Upto" value={value} onChange={onChange} />);
  return { input: screen.getByRole('textbox', { name: 'Fitness Upto' }) as HTMLInputElement, onChange };
}

describe('spec 000 §5: dates are entered shown as dd/MM/yyyy and stored as DD-MM-YYYY (cars)', () => {
  it('shows a stored date as dd/mm/yyyy and hands the shown text back as DD-MM-YYYY', () => {
    expect(displayOf('05-03-2027')).toBe('05/03/2027');
    expect(storedOf('05/03/2027')).toBe('05-03-2027');
    expect(storedOf('')).toBeNull();
    expect(displayOf(null)).toBe('');
  });
  it('shows text that is not a stored date as it is', () => {
    expect(displayOf('2027-03-05')).toBe('2027-03-05');
    expect(displayOf('NA')).toBe('NA');
  });
  it.each([
    ['16072031', '16/07/2031'],
    ['1607', '16/07'],
    ['160', '16/0'],
    ['16/', '16/'],
    ['1/7/2031', '01/07/2031'],
    ['16-07-2031', '16/07/2031'],
    ['1607203199', '16/07/2031'],
    ['ab', ''],
  ])('typing %s shows %s', (typed, shown) => {
    expect(formatTyped(typed)).toBe(shown);
  });

  it('is a labelled text field with a dd/mm/yyyy hint and a numeric keypad', () => {
    const { input } = field('05-03-2027');
    expect(input.value).toBe('05/03/2027');
    expect(input.placeholder).toBe('dd/mm/yyyy');
    expect(input.inputMode).toBe('numeric');
    expect(screen.getByRole('button', { name: 'Fitness Upto: choose from calendar' })).toBeTruthy();
  });

  it('typing digits puts the slashes in and hands on DD-MM-YYYY', async () => {
    const { input, onChange } = field(null);
    await userEvent.type(input, '16072031');
    expect(input.value).toBe('16/07/2031');
    expect(onChange).toHaveBeenLastCalledWith('16-07-2031');
  });

  it('hands on an impossible or half-typed date as typed, so the engine can flag it', async () => {
    const { input, onChange } = field(null);
    await userEvent.type(input, '31022027');
    expect(onChange).toHaveBeenLastCalledWith('31-02-2027');
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await userEvent.type(input, '1607');
    expect(input.value).toBe('16/07');
    expect(onChange).toHaveBeenLastCalledWith('16-07');
  });

  it('shows a value set from outside, and keeps what is being typed when its own edit comes back', async () => {
    function Host() {
      const [value, setValue] = useState<string | null>('05-03-2027');
      return (
        <>
          <DateInput label="Fitness Upto" value={value} onChange={setValue} />
          <button onClick={() => setValue('01-01-2030')}>Reset</button>
        </>
      );
    }
    render(<Host />);
    const input = screen.getByRole('textbox', { name: 'Fitness Upto' }) as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, '1607');
    expect(input.value).toBe('16/07');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input.value).toBe('01/01/2030');
  });

  it('is disabled with its calendar button', () => {
    render(<DateInput label="Fitness Upto" value="05-03-2027" isDisabled onChange={() => undefined} />);
    expect((screen.getByRole('textbox', { name: 'Fitness Upto' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Fitness Upto: choose from calendar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the calendar hands on the picked day as DD-MM-YYYY', async () => {
    const { onChange } = field('05-03-2027');
    await userEvent.click(screen.getByRole('button', { name: 'Fitness Upto: choose from calendar' }));
    const calendar = screen.getByLabelText('Fitness Upto calendar') as HTMLInputElement;
    expect(calendar.type).toBe('date');
    expect(calendar.value).toBe('2027-03-05');
    fireEvent.change(calendar, { target: { value: '2031-07-16' } });
    expect(onChange).toHaveBeenLastCalledWith('16-07-2031');
    expect((screen.getByRole('textbox', { name: 'Fitness Upto' }) as HTMLInputElement).value).toBe('16/07/2031');
  });
});
