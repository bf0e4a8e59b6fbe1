// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CalendarDate } from '@internationalized/date';
import { DateInput, formatStoredDate, parseStoredDate } from '../../src/components/DateInput.tsx';

afterEach(cleanup);

describe('spec 000 §5: dates are entered shown as dd/MM/yyyy and stored as DD-MM-YYYY (cars)', () => {
  it('parses and formats the stored form', () => {
    expect(parseStoredDate('05-03-2027')).toEqual(new CalendarDate(2027, 3, 5));
    expect(formatStoredDate(new CalendarDate(2027, 3, 5))).toBe('05-03-2027');
  });
  it.each(['2027-03-05', '31-02-2027', '', null, 'NA'])('%s is not a stored date', (value) => {
    expect(parseStoredDate(value)).toBeNull();
  });
  it('shows day, month, year segments in that order', () => {
    render(<DateInput label="Fitness Upto" value="05-03-2027" onChange={() => undefined} />);
    const segments = screen.getAllByRole('spinbutton').map((s) => s.getAttribute('aria-label'));
    expect(segments.slice(0, 3).map((s) => s?.split(',')[0].toLowerCase())).toEqual(['day', 'month', 'year']);
    expect(screen.getAllByRole('spinbutton').slice(0, 3).map((s) => s.textContent)).toEqual(['05', '03', '2027']);
  });
});
