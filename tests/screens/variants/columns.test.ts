import { describe, expect, it } from 'vitest';
import { columnErrors, columnOf, dropParameter, moveSlot, newColumn, rowsOf, setSlotValue, type Column } from '../../../src/screens/variants/columns.ts';

const two = (): Column[] => [newColumn(), newColumn()];
const columnsOf = (r: ReturnType<typeof dropParameter>) => {
  if ('error' in r) throw new Error(r.error);
  return r.columns;
};

describe('variant columns (spec 002 §2 Add / edit car variant, §5)', () => {
  it("drops a parameter into a column once: a second drop is 'Parameter: {name} already added'", () => {
    const start = two();
    const once = columnsOf(dropParameter(start, start[0].key, 'Sunroof'));
    expect(once[0].slots).toEqual([{ name: 'Sunroof', value: '' }]);
    expect(dropParameter(once, start[0].key, 'Sunroof')).toEqual({ error: 'Parameter: Sunroof already added' });
    // Another column may hold it too.
    expect(columnsOf(dropParameter(once, start[1].key, 'Sunroof'))[1].slots).toHaveLength(1);
  });

  it('drops at a position and moves slots within and between columns, keeping values', () => {
    const start = two();
    const [a, b] = start.map((c) => c.key);
    let cols = columnsOf(dropParameter(start, a, 'Sunroof'));
    cols = columnsOf(dropParameter(cols, a, 'Airbags', 0));
    expect(cols[0].slots.map((s) => s.name)).toEqual(['Airbags', 'Sunroof']);
    cols = setSlotValue(cols, a, 'Airbags', '6');
    cols = columnsOf(moveSlot(cols, a, 'Airbags', a, 1));
    expect(cols[0].slots.map((s) => s.name)).toEqual(['Sunroof', 'Airbags']);
    cols = columnsOf(moveSlot(cols, a, 'Airbags', b));
    expect(cols[0].slots.map((s) => s.name)).toEqual(['Sunroof']);
    expect(cols[1].slots).toEqual([{ name: 'Airbags', value: '6' }]);
    cols = columnsOf(dropParameter(cols, a, 'Airbags'));
    expect(moveSlot(cols, b, 'Airbags', a)).toEqual({ error: 'Parameter: Airbags already added' });
  });

  it("checks each column: 'Select Variant', a parameter, each value ('Select {name}'), a variant once", () => {
    const [a, b] = two();
    const errors = columnErrors([a, { ...b, variantId: 7, variant: 'LXI' }]);
    expect(errors.get(a.key)).toBe('Select Variant');
    expect(errors.get(b.key)).toBe('Drag at least one parameter here');
    const filled = { ...b, variantId: 7, variant: 'LXI', slots: [{ name: 'Sunroof', value: '' }] };
    expect(columnErrors([filled]).get(b.key)).toBe('Select Sunroof');
    const done = { ...filled, slots: [{ name: 'Sunroof', value: 'Yes' }] };
    expect(columnErrors([done]).size).toBe(0);
    expect(columnErrors([done, { ...done, key: 'x' }]).get('x')).toBe('LXI is already in another column');
  });

  it('makes one variant data row per column: fixed fields plus one key per parameter (spec 002 §3)', () => {
    const col = { ...newColumn(), variantId: 5001, variant: 'LXI 1.2', slots: [{ name: 'Sunroof', value: 'No' }, { name: 'Headlamp', value: 'LED:/u/led.webp' }] };
    const selection = { make: { make_id: 1, make_name: 'Maruti Suzuki' }, model: { model_id: 201, model_name: 'Swift' }, years: [2019, 2020], fuelType: 'Petrol' };
    expect(rowsOf(selection, [col])).toEqual([
      { make_id: 1, model_id: 201, modelName: 'Swift', fuelType: 'Petrol', manufacturingYears: '2019,2020', variant: 'LXI 1.2', variantId: 5001, Sunroof: 'No', Headlamp: 'LED:/u/led.webp' },
    ]);
  });

  it('a listed variant becomes a column without its variant / variantId entries', () => {
    const col = columnOf({
      srNo: 3, make_id: 1, model_id: 201, modelName: 'Swift', fuelType: 'Petrol', manufacturingYears: '2019', variant: 'LXI', variantId: 5001,
      variantParameters: [{ name: 'variant', type: 'Text', value: 'LXI' }, { name: 'variantId', type: 'Text', value: '5001' }, { name: 'Sunroof', type: 'yes/no', value: 'No' }],
    });
    expect(col).toMatchObject({ variantId: 5001, variant: 'LXI', slots: [{ name: 'Sunroof', value: 'No' }] });
  });
});
