import { describe, expect, it } from 'vitest';
import { checkLeaveCsv, checkXFactorCsv, hourlySlots, parseXFactor } from '../../src/products/admin/admin-csv.ts';

describe('admin CSV checks shared by browser and server (spec 002 §3 X factor CSV headers, §5, §9)', () => {
  it('hourly slots hh:00:00 run from the start hour to the hour before the end hour', () => {
    expect(hourlySlots(9, 12)).toEqual(['09:00:00', '10:00:00', '11:00:00']);
  });

  it('X factor: required headers CENTRE_ID, DATE, DAY, SLOT, FACTOR; START_DATE, END_DATE optional', () => {
    expect(checkXFactorCsv('CENTRE_ID,DATE,DAY,FACTOR\n1,2030-01-07,Monday,1').fileError).toBe('Missing column: SLOT');
    expect(checkXFactorCsv('CENTRE_ID,DATE,DAY\n').fileError).toBe('Missing columns: SLOT, FACTOR');
    expect(checkXFactorCsv('').fileError).toBe('The file is empty');
    expect(checkXFactorCsv('CENTRE_ID,DATE,DAY,SLOT,FACTOR\n').fileError).toBe('The file has no data rows');
    const ok = checkXFactorCsv('\uFEFFcentre_id,date,day,slot,factor\n101,2030-01-07,monday,11:00:00,1.25\n');
    expect(ok).toEqual({ rows: [{ row: 2, value: { storeId: 101, dates: ['2030-01-07'], slot: '11:00:00', factor: 1.25 } }], errors: [], fileError: null });
  });

  it('each bad row is reported with its row number (header = row 1); good rows still pass', () => {
    const text = [
      'CENTRE_ID,DATE,DAY,SLOT,FACTOR,START_DATE,END_DATE',
      'x1,2030-01-07,Monday,11:00:00,1,,',
      '101,2030-02-30,Monday,11:00:00,1,,',
      '101,2030-01-07,Tuesday,11:00:00,1,,',
      '101,2030-01-07,Monday,11:30:00,1,,',
      '101,2030-01-07,Monday,11:00:00,12,,',
      '101,2030-01-07,Mon,11:00:00,2,2030-01-01,2030-01-21',
      '101,2030-01-07,Mon,11:00:00,2,2030-01-21,2030-01-01',
    ].join('\n');
    const check = checkXFactorCsv(text);
    expect(check.errors).toEqual([
      { row: 2, message: "Invalid CENTRE_ID 'x1'" },
      { row: 3, message: "Invalid DATE '2030-02-30' (use YYYY-MM-DD)" },
      { row: 4, message: 'DATE 2030-01-07 is not a Tuesday' },
      { row: 5, message: "Invalid SLOT '11:30:00' (use hh:00:00)" },
      { row: 6, message: "Invalid FACTOR '12' (a number from 0 to 10)" },
      { row: 8, message: 'END_DATE is before START_DATE' },
    ]);
    expect(check.rows).toEqual([{ row: 7, value: { storeId: 101, dates: ['2030-01-07', '2030-01-14', '2030-01-21'], slot: '11:00:00', factor: 2 } }]);
  });

  it('X factor values: up to 10 with two decimals', () => {
    expect(parseXFactor('0')).toBe(0);
    expect(parseXFactor('9.99')).toBe(9.99);
    expect(parseXFactor('10.01')).toBeNull();
    expect(parseXFactor('1.234')).toBeNull();
    expect(parseXFactor('-1')).toBeNull();
  });

  it('evaluator leaves: EVALUATOR_EMAIL, LEAVE_DATE required, LEAVE_TYPE optional (FULL_DAY)', () => {
    const check = checkLeaveCsv('EVALUATOR_EMAIL,LEAVE_DATE,LEAVE_TYPE\nA.Rao@Evaluators.example,2030-02-03,\nb@evaluators.example,2030-02-04,night');
    expect(check.rows).toEqual([{ row: 2, value: { email: 'a.rao@evaluators.example', date: '2030-02-03', type: 'FULL_DAY' } }]);
    expect(check.errors).toEqual([{ row: 3, message: "Invalid LEAVE_TYPE 'night' (FULL_DAY, FIRST_HALF, SECOND_HALF)" }]);
  });
});
