import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { makeModelVariantMachine, type MakeOption, type ModelOption, type MmvInput, type VariantOption } from '../../src/machines/make-model-variant.machine.ts';
import { controlledCall } from './helpers.ts';
import { carReviewConfig } from '../support/car.ts';

const variant = (variant_id: number, name: string, extra: Partial<VariantOption> = {}): VariantOption => ({
  variant_id, variant_name: name, variant_display_name: name, variant_status: 'Active', variantyear_status: 'Active', ...extra,
});

const RECORDED: MmvInput = { make: { id: null, name: 'Maruti' }, model: { id: null, name: 'Swift' }, variant: { id: null, name: 'VXI' }, fuelType: 'Petrol', year: 2020, config: carReviewConfig };

function start(input: MmvInput = RECORDED) {
  const makes = controlledCall<void, MakeOption[]>();
  const models = controlledCall<{ makeId: number }, ModelOption[]>();
  const variants = controlledCall<{ modelId: number; fuelType: string | null }, VariantOption[]>();
  const showAlert = vi.fn();
  const saved = vi.fn();
  const actor = createActor(
    makeModelVariantMachine.provide({
      actors: { loadMakes: makes.logic, loadModels: models.logic, loadVariants: variants.logic },
      actions: { showAlert: (_, p) => showAlert(p.message), saved: (_, p) => saved(p.edits) },
    }),
    { input },
  ).start();
  return { actor, makes, models, variants, showAlert, saved };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('make / model / variant machine (spec 000 §2, §5; issue 10)', () => {
  it('loads makes, then the recorded make’s models, then the recorded model’s variants of the fuel type (ids found by name)', async () => {
    const m = start();
    expect(m.actor.getSnapshot().hasTag('loading')).toBe(true);
    await m.makes.settle({ ok: [{ make_id: 1, make_name: 'Maruti' }] });
    expect(m.models.calls).toEqual([{ makeId: 1 }]);
    await m.models.settle({ ok: [{ model_id: 10, model_name: 'Swift' }] });
    expect(m.variants.calls).toEqual([{ modelId: 10, fuelType: 'Petrol' }]);
    await m.variants.settle({ ok: [variant(100, 'VXI'), variant(101, 'ZXI', { variant_status: 'Inactive' })] });
    expect(m.actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(m.actor.getSnapshot().context.variants.map((v) => v.variant_name)).toEqual(['VXI']);
  });

  it('a pick clears what depends on it and loads the next list; an older answer no longer lands', async () => {
    const m = start();
    await m.makes.settle({ ok: [{ make_id: 1, make_name: 'Maruti' }, { make_id: 2, make_name: 'Honda' }] });
    // Still loading Maruti's models when Honda is picked: that load is cancelled.
    m.actor.send({ type: 'PICK_MAKE', id: '2' });
    expect(m.actor.getSnapshot().context).toMatchObject({ make: { id: 2, name: 'Honda' }, model: { id: null, name: '' }, variant: { id: null, name: '' }, dirty: true });
    expect(m.models.calls).toEqual([{ makeId: 1 }, { makeId: 2 }]);
    await m.models.settle({ ok: [{ model_id: 20, model_name: 'City' }] });
    expect(m.actor.getSnapshot().context.models).toEqual([{ model_id: 20, model_name: 'City' }]);
    // No model chosen yet: no variants are asked for.
    expect(m.variants.calls).toEqual([]);
    m.actor.send({ type: 'PICK_MODEL', id: '20' });
    expect(m.variants.calls).toEqual([{ modelId: 20, fuelType: 'Petrol' }]);
  });

  it("Save needs a change; a blank choice alerts 'Select all the fields'; all three give the edits of the rows that changed", async () => {
    const m = start({ ...RECORDED, make: { id: 1, name: 'Maruti' }, model: { id: 10, name: 'Swift' }, variant: { id: 100, name: 'VXI' } });
    await m.makes.settle({ ok: [{ make_id: 1, make_name: 'Maruti' }] });
    await m.models.settle({ ok: [{ model_id: 10, model_name: 'Swift' }] });
    await m.variants.settle({ ok: [variant(100, 'VXI'), variant(103, 'V CVT')] });
    m.actor.send({ type: 'SAVE' });
    expect([m.showAlert.mock.calls.length, m.saved.mock.calls.length]).toEqual([0, 0]);
    m.actor.send({ type: 'PICK_MODEL', id: '10' });
    await m.variants.settle({ ok: [variant(100, 'VXI'), variant(103, 'V CVT')] });
    m.actor.send({ type: 'SAVE' });
    expect(m.showAlert).toHaveBeenCalledWith('Select all the fields');
    m.actor.send({ type: 'PICK_VARIANT', id: '103' });
    m.actor.send({ type: 'SAVE' });
    expect(m.saved).toHaveBeenCalledWith([{ type: 'setValue', key: 'variant', value: 'V CVT', id: 103 }]);
    expect(m.actor.getSnapshot().context.dirty).toBe(false);
  });

  it('a new fuel type or year asks for the variants again', async () => {
    const m = start();
    await m.makes.settle({ ok: [{ make_id: 1, make_name: 'Maruti' }] });
    await m.models.settle({ ok: [{ model_id: 10, model_name: 'Swift' }] });
    await m.variants.settle({ ok: [] });
    m.actor.send({ type: 'FILTER', fuelType: 'Diesel', year: 2019 });
    expect(m.variants.calls.at(-1)).toEqual({ modelId: 10, fuelType: 'Diesel' });
  });
});
