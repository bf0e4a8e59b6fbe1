import { describe, expect, it } from 'vitest';
import { activeVariants, saveMakeModelVariant } from '../../src/engine/make-model-variant.ts';
import { carReviewConfig } from '../support/car.ts';

const v = (variant_id: number, variant_status: string, variantyear_status: string) => ({ variant_id, variant_status, variantyear_status, name: `V${variant_id}` });

describe('§5 make / model / variant', () => {
  it('only variants with Active variant status and Active variant-year status are offered', () => {
    const list = [v(1, 'Active', 'Active'), v(2, 'Inactive', 'Active'), v(3, 'Active', 'Inactive'), v(4, 'Active', 'Active'), v(1, 'Active', 'Active')];
    expect(activeVariants(list, null, carReviewConfig).map((x) => x.variant_id)).toEqual([1, 4]);
  });

  it.each([
    ['no variant', { make: { id: 1, name: 'Honda' }, model: { id: 2, name: 'City' }, variant: null }],
    ['a blank model', { make: { id: 1, name: 'Honda' }, model: { id: null, name: '' }, variant: { id: 3, name: 'VX' } }],
    ['no make', { make: null, model: { id: 2, name: 'City' }, variant: { id: 3, name: 'VX' } }],
  ])("saving requires all fields selected, else 'Select all the fields' (%s)", (_name, choice) => {
    expect(saveMakeModelVariant(choice, carReviewConfig)).toEqual({ alert: 'Select all the fields' });
  });

  it('saving all three records them with their ids', () => {
    expect(saveMakeModelVariant({ make: { id: 1, name: 'Honda' }, model: { id: 2, name: 'City' }, variant: { id: 3, name: 'VX' } }, carReviewConfig)).toEqual({
      edits: [
        { type: 'setValue', key: 'make', value: 'Honda', id: 1 },
        { type: 'setValue', key: 'model', value: 'City', id: 2 },
        { type: 'setValue', key: 'variant', value: 'VX', id: 3 },
      ],
    });
  });
});
