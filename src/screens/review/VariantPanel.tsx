/**
 * Make / model / variant change panel (000 §2, §5): Save is enabled only after a change; saving with a blank
 * choice alerts 'Select all the fields'; only variants with Active variant status and Active variant-year status
 * are offered. Saving records the choices on the make, model and variant rows (engine setValue edits with ids).
 */
import { memo, useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Edit, RowState, Scalar } from '../../engine/types.ts';
import { useProduct } from '../../products/ProductContext.tsx';
import { makeModelVariantMachine, makeIdOf, modelIdOf, type MmvChoice } from '../../machines/make-model-variant.machine.ts';
import { fetchMakes, fetchModels, fetchVariants } from '../../api/review.ts';
import { useLatest } from '../../components/useLatest.ts';

/** Option value of a recorded choice the lookup list does not (yet) hold. */
const CURRENT = '__current';

function initial(row: RowState | undefined): MmvChoice {
  const id = row?.newId ?? row?.id;
  const name = row?.newValue ?? row?.value;
  return { id: id === null || id === undefined || id === '' ? null : Number(id), name: name === null || name === undefined ? '' : String(name) };
}

const text = (v: Scalar | undefined): string | null => (v === null || v === undefined || v === '' ? null : String(v));

interface Props {
  make?: RowState;
  model?: RowState;
  variant?: RowState;
  fuelType: Scalar;
  /** The car's manufacturing year: of a variant's yearly entries, that year's is the one saved. */
  year?: Scalar;
  canEdit: boolean;
  onEdit: (edit: Edit) => void;
  alert?: (message: string) => void;
}

function VariantPanelView({ make, model, variant, fuelType, year, canEdit, onEdit, alert = (m) => window.alert(m) }: Props) {
  const fuel = text(fuelType);
  const carYear = text(year) === null ? null : Number(year);
  const config = useProduct().config;
  // Built once, not in each render (the panel re-renders with its rows); the props it calls are read as they are now.
  const latest = useLatest({ make, model, variant, canEdit, onEdit, alert });
  const [machine] = useState(() =>
    makeModelVariantMachine.provide({
      actors: {
        // A read-only panel fetches nothing: it only shows what is recorded.
        loadMakes: fromPromise(() => (latest().canEdit ? fetchMakes() : Promise.resolve([]))),
        loadModels: fromPromise(({ input }) => (latest().canEdit ? fetchModels(input.makeId) : Promise.resolve([]))),
        loadVariants: fromPromise(({ input }) => (latest().canEdit ? fetchVariants(input.modelId, input.fuelType) : Promise.resolve([]))),
      },
      actions: {
        showAlert: (_, params) => latest().alert(params.message),
        saved: (_, params) => {
          const now = latest();
          const rows: Record<string, RowState | undefined> = { make: now.make, model: now.model, variant: now.variant };
          for (const edit of params.edits) {
            const row = rows[edit.key];
            if (row) now.onEdit({ ...edit, key: row.key });
          }
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { make: initial(make), model: initial(model), variant: initial(variant), fuelType: fuel, year: carYear, config } });
  useEffect(() => {
    const c = snapshot.context;
    if (c.fuelType !== fuel || c.year !== carYear) send({ type: 'FILTER', fuelType: fuel, year: carYear });
    // Only a change of the car's fuel or year asks for other variants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fuel, carYear]);

  const c = snapshot.context;
  const value = (choice: MmvChoice, id: number | null, list: { id: number; name: string }[]) =>
    id !== null ? String(id) : (list.find((x) => x.name === choice.name)?.id.toString() ?? (choice.name ? CURRENT : ''));
  const lists = {
    make: c.makes.map((m) => ({ id: m.make_id, name: m.make_name })),
    model: c.models.map((m) => ({ id: m.model_id, name: m.model_name })),
    variant: c.variants.map((v) => ({ id: v.variant_id, name: v.variant_display_name || v.variant_name })),
  };
  const ids = { make: makeIdOf(c), model: modelIdOf(c), variant: c.variant.id };
  const events = { make: 'PICK_MAKE', model: 'PICK_MODEL', variant: 'PICK_VARIANT' } as const;
  const field = (name: 'make' | 'model' | 'variant', label: string) => {
    const list = lists[name];
    const v = value(c[name], ids[name], list);
    return (
      <label>
        {label}
        <select aria-label={label} value={v} disabled={!canEdit} onChange={(e) => send({ type: events[name], id: e.target.value })}>
          <option value="">Select</option>
          {list.map((x) => (
            <option key={x.id} value={String(x.id)}>
              {x.name}
            </option>
          ))}
          {v !== '' && !list.some((x) => String(x.id) === v) && <option value={v}>{c[name].name}</option>}
        </select>
      </label>
    );
  };

  return (
    <section className="variant-panel picker-row" aria-label="Make Model Variant">
      <h2>Make / Model / Variant</h2>
      {field('make', 'Make')}
      {field('model', 'Model')}
      {field('variant', 'Variant')}
      {/* A model whose variants the car's fuel and year leave none of: said, rather than an empty list and 'Select all the fields'. */}
      {canEdit && ids.model !== null && !snapshot.hasTag('loading') && lists.variant.length === 0 && (
        <p role="status" className="muted">
          No active variant of {c.model.name || 'this model'} for {c.fuelType || 'this fuel'} in {c.year ?? 'this year'}
        </p>
      )}
      {canEdit && (
        <button type="button" disabled={!c.dirty} onClick={() => send({ type: 'SAVE' })}>
          Save changes
        </button>
      )}
    </section>
  );
}

/** Re-renders only when the make, model, variant or fuel rows change. */
export const VariantPanel = memo(VariantPanelView);
