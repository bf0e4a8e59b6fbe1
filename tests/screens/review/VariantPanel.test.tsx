// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { carEngine, carReviewConfig } from '../../support/car.ts';
import { ProductProvider } from '../../../src/products/ProductProvider.tsx';
import { fetchMakes, fetchModels, fetchVariants, type Variant } from '../../../src/api/review.ts';
import { activeVariants } from '../../../src/engine/make-model-variant.ts';
import { VariantPanel } from '../../../src/screens/review/VariantPanel.tsx';
import { makeModelVariantMachine } from '../../../src/machines/make-model-variant.machine.ts';
import { makeInspection } from './helpers.tsx';

vi.mock('../../../src/api/review.ts', () => ({ fetchMakes: vi.fn(), fetchModels: vi.fn(), fetchVariants: vi.fn() }));

const variant = (id: number, name: string, variant_status = 'Active', variantyear_status = 'Active'): Variant => ({
  variant_id: id, variant_name: name, variant_display_name: name, variant_status, variantyear_status,
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function panel(canEdit = true) {
  vi.mocked(fetchMakes).mockResolvedValue([{ make_id: 1, make_name: 'Maruti' }, { make_id: 2, make_name: 'Honda' }]);
  vi.mocked(fetchModels).mockImplementation(async (id) => (id === 1 ? [{ model_id: 10, model_name: 'Swift' }] : [{ model_id: 20, model_name: 'City' }]));
  vi.mocked(fetchVariants).mockResolvedValue([variant(100, 'VXI'), variant(101, 'ZXI', 'Inactive'), variant(102, 'LXI', 'Active', 'Inactive'), variant(103, 'V CVT')]);
  const model = carEngine.evaluate(makeInspection({ values: { make: 'Maruti', model: 'Swift', variant: 'VXI', fuelType: 'Petrol' } }));
  const onEdit = vi.fn();
  const alert = vi.fn();
  const view = (edit: typeof onEdit) => (
    <ProductProvider product="car">
      <VariantPanel make={model.rows.make} model={model.rows.model} variant={model.rows.variant} fuelType="Petrol" canEdit={canEdit} onEdit={edit} alert={alert} />
    </ProductProvider>
  );
  const { rerender } = render(view(onEdit));
  return { onEdit, alert, rerender: (edit: typeof onEdit) => rerender(view(edit)) };
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

/** Picks Honda, City and V CVT in turn (each list loads after the choice above it) and saves. */
async function saveHondaCityVCvt() {
  await userEvent.selectOptions(select('Make'), 'Honda');
  await waitFor(() => expect(select('Model').options.length).toBe(2));
  await userEvent.selectOptions(select('Model'), 'City');
  await waitFor(() => expect(select('Variant').options.length).toBe(3));
  await userEvent.selectOptions(select('Variant'), 'V CVT');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
}

describe('make / model / variant panel (spec 000 §2, §5)', () => {
  it('offers only variants with Active variant status and Active variant-year status', async () => {
    expect(activeVariants([variant(1, 'A'), variant(2, 'B', 'Inactive'), variant(3, 'C', 'Active', 'Inactive'), variant(1, 'A')], null, carReviewConfig).map((v) => v.variant_name)).toEqual(['A']);
    panel();
    await waitFor(() => expect([...select('Variant').options].map((o) => o.text)).toEqual(['Select', 'VXI', 'V CVT']));
    expect(fetchVariants).toHaveBeenCalledWith(10, 'Petrol');
  });

  it('lists each variant once, not once per model year (Innova Crysta: 3 variants over 12 years), saving the car year\'s entry', async () => {
    const years = (parent: number, name: string) =>
      Array.from({ length: 12 }, (_, i) => ({ ...variant(parent + i, name), variant_parent_id: i === 0 ? null : parent, year: 2023 - i }));
    vi.mocked(fetchMakes).mockResolvedValue([{ make_id: 1, make_name: 'Toyota' }]);
    vi.mocked(fetchModels).mockResolvedValue([{ model_id: 10, model_name: 'Innova Crysta' }]);
    vi.mocked(fetchVariants).mockResolvedValue([...years(500, 'GX'), ...years(600, 'VX'), ...years(700, 'ZX')]);
    const model = carEngine.evaluate(makeInspection({ values: { make: 'Toyota', model: 'Innova Crysta', variant: 'GX', fuelType: 'Petrol', year: '2020' } }));
    const onEdit = vi.fn();
    const alert = vi.fn();
    render(
      <ProductProvider product="car">
        <VariantPanel make={model.rows.make} model={model.rows.model} variant={model.rows.variant} fuelType="Petrol" year="2020" canEdit onEdit={onEdit} alert={alert} />
      </ProductProvider>,
    );
    await waitFor(() => expect([...select('Variant').options].map((o) => o.text)).toEqual(['Select', 'GX', 'VX', 'ZX']));
    await userEvent.selectOptions(select('Variant'), 'ZX');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(alert).not.toHaveBeenCalled();
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ key: 'variant', value: 'ZX', id: 703 }));
  });

  it("enables Save only after a change and alerts 'Select all the fields' when one is blank", async () => {
    const { onEdit, alert } = panel();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(select('Make').options.length).toBe(3));
    await userEvent.selectOptions(select('Make'), 'Honda');
    expect(save.hasAttribute('disabled')).toBe(false);
    await userEvent.click(save);
    expect(alert).toHaveBeenCalledWith('Select all the fields');
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('saves the three choices as setValue edits with their ids', async () => {
    const { onEdit } = panel();
    await waitFor(() => expect(select('Make').options.length).toBe(3));
    await saveHondaCityVCvt();
    expect(onEdit.mock.calls.map(([e]) => e)).toEqual([
      { type: 'setValue', key: 'make', value: 'Honda', id: 2 },
      { type: 'setValue', key: 'model', value: 'City', id: 20 },
      { type: 'setValue', key: 'variant', value: 'V CVT', id: 103 },
    ]);
    expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(true);
  });

  it("builds its machine once, not in each render, and Save gives its edits to the latest render's onEdit", async () => {
    const provide = vi.spyOn(makeModelVariantMachine, 'provide');
    try {
      const { onEdit: first, rerender } = panel();
      await waitFor(() => expect(select('Make').options.length).toBe(3));
      const latest = vi.fn();
      rerender(latest);
      await saveHondaCityVCvt();
      expect(latest.mock.calls.map(([e]) => e.key)).toEqual(['make', 'model', 'variant']);
      expect(first).not.toHaveBeenCalled();
      expect(provide).toHaveBeenCalledTimes(1);
    } finally {
      provide.mockRestore();
    }
  });

  it('says so when the chosen model has no active variant for the car\'s fuel and year, rather than an empty list', async () => {
    panel();
    vi.mocked(fetchVariants).mockImplementation(async (modelId) => (modelId === 20 ? [] : [variant(100, 'VXI')]));
    await waitFor(() => expect(select('Make').value).toBe('1'));
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.selectOptions(select('Make'), '2');
    await waitFor(() => expect([...select('Model').options].map((o) => o.text)).toContain('City'));
    await userEvent.selectOptions(select('Model'), '20');
    expect((await screen.findByRole('status')).textContent).toMatch(/^No active variant of City for Petrol in /);
    expect([...select('Variant').options].map((o) => o.text)).toEqual(['Select']);
  });

  it('is read-only without Save for someone who is not the assignee, and fetches nothing', () => {
    panel(false);
    expect(select('Make').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(fetchMakes).not.toHaveBeenCalled();
  });
});
