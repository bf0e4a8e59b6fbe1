import { describe, expect, it } from 'vitest';
import { columnsOfDraft, parseVariantDraft, variantDraftOf, type VariantDraft } from '../../../src/screens/variants/variant-draft.ts';

const GOOD: VariantDraft = {
  selection: { make: { make_id: 1, make_name: 'Maruti Suzuki' }, model: { model_id: 201, model_name: 'Swift' }, years: [2019], fuelType: 'Petrol' },
  columns: [
    { variantId: 5010, variant: 'VXI 1.2 AT', slots: [{ name: 'Airbags', value: '6' }] },
    { variantId: null, variant: '', slots: [] },
  ],
};

const altered = (change: (draft: typeof GOOD) => unknown) => change(structuredClone(GOOD));

describe('the variant form draft: what a stored one may hold', () => {
  it('takes the selection and columns of a stored draft, and a restored column gets a key of its own', () => {
    expect(parseVariantDraft(GOOD)).toEqual(GOOD);
    expect(parseVariantDraft({ selection: { make: null, model: null, years: [], fuelType: null }, columns: [{ variantId: null, variant: '', slots: [] }] })).not.toBeNull();
    const columns = columnsOfDraft(GOOD);
    expect(columns.map((c) => c.variantId)).toEqual([5010, null]);
    expect(new Set(columns.map((c) => c.key)).size).toBe(2);
    expect(variantDraftOf(GOOD.selection, columns)).toEqual(GOOD);
  });

  it('drops a draft with inherited keys, wrong types, a model without a make, an unknown fuel, odd years, no column or a parameter twice in a column', () => {
    const bad = [
      null,
      'draft',
      Object.create(GOOD),
      altered((d) => ({ ...d, selection: Object.create(d.selection) })),
      altered((d) => ({ ...d, columns: [] })),
      altered((d) => ({ ...d, columns: {} })),
      altered((d) => ((d.selection as { make: unknown }).make = null, d)),
      altered((d) => ((d.selection as { make: unknown }).make = { make_id: '1', make_name: 'Maruti Suzuki' }, d)),
      altered((d) => ((d.selection as { model: unknown }).model = { model_id: -2, model_name: 'Swift' }, d)),
      altered((d) => ((d.selection as { fuelType: unknown }).fuelType = 'Steam', d)),
      altered((d) => ((d.selection as { years: unknown }).years = [2019, 2019], d)),
      altered((d) => ((d.selection as { years: unknown }).years = [20.19], d)),
      altered((d) => ((d.selection as { years: unknown }).years = '2019', d)),
      altered((d) => ((d.columns[0] as { variantId: unknown }).variantId = 0, d)),
      altered((d) => ((d.columns[0] as { variant: unknown }).variant = 7, d)),
      altered((d) => (d.columns[0].slots.push({ name: 'Airbags', value: '2' }), d)),
      altered((d) => (d.columns[0].slots.push({ name: '', value: '2' }), d)),
      altered((d) => ((d.columns[0].slots as unknown[]).push(Object.create({ name: 'Seats', value: '5' })), d)),
      altered((d) => ((d.columns as unknown[]).push(null), d)),
    ];
    for (const stored of bad) expect(parseVariantDraft(stored)).toBeNull();
  });
});
