import { describe, expect, it } from 'vitest';
import { displayToDmy, dmyToDisplay, isValidDmy, parseDateLoose, toDmy } from '../../src/engine/dates.ts';

describe('§5 dates are entered in a date picker shown as dd/MM/yyyy and stored as DD-MM-YYYY (cars)', () => {
  it.each([
    ['15-08-2027', '15/08/2027'],
    ['01-01-1990', '01/01/1990'],
  ])('stored %s is shown %s, and back', (stored, shown) => {
    expect(dmyToDisplay(stored)).toBe(shown);
    expect(displayToDmy(shown)).toBe(stored);
  });

  it.each<[string, boolean]>([
    ['29-02-2024', true],
    ['29-02-2023', false],
    ['31-04-2027', false],
    ['15/08/2027', false],
    ['2027-08-15', false],
    ['', false],
  ])('%s is a valid stored date: %s', (text, ok) => {
    expect(isValidDmy(text)).toBe(ok);
  });

  it.each<[string, string | null]>([
    ['2030-06-15', '15-06-2030'],
    ['2030-06-15T00:00:00Z', '15-06-2030'],
    ['5/6/2030', '05-06-2030'],
    ['15-Jun-2030', '15-06-2030'],
    ['Mar-2018', '01-03-2018'],
    ['LTT', null],
  ])('registry date %s reads as %s', (text, dmy) => {
    expect(toDmy(text)).toBe(dmy);
  });

  it('reads year, month and day', () => {
    expect(parseDateLoose('12-03-2018')).toEqual({ year: 2018, month: 3, day: 12 });
  });
});
