/**
 * Make / model / variant change panel (000 §2, §5): Save is enabled only after a change; saving with a blank
 * choice alerts 'Select all the fields'; only variants with Active variant status and Active variant-year status
 * are offered. Saving records the choices on the make, model and variant rows (engine setValue edits with ids).
 */
import { memo, useEffect, useState } from 'react';
import { activeVariants, saveMakeModelVariant } from '../../engine/make-model-variant.ts';
import type { Edit, RowState, Scalar } from '../../engine/types.ts';
import { fetchMakes, fetchModels, fetchVariants, type Make, type Model, type Variant } from '../../api/review.ts';

/** Option value of a recorded choice the lookup list does not (yet) hold. */
const CURRENT = '__current';

interface Choice {
  id: number | null;
  name: string;
}

function initial(row: RowState | undefined): Choice {
  const id = row?.newId ?? row?.id;
  const name = row?.newValue ?? row?.value;
  return { id: id === null || id === undefined || id === '' ? null : Number(id), name: name === null || name === undefined ? '' : String(name) };
}

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
  const [makes, setMakes] = useState<Make[]>([]);
  const [models, setModels] = useState<Model[]>([]);
  const [variants, setVariants] = useState<Variant[]>([]);
  const [chosen, setChosen] = useState(() => ({ make: initial(make), model: initial(model), variant: initial(variant) }));
  const [dirty, setDirty] = useState(false);

  // Ids the inspection lacks are found by name once the lists arrive.
  const makeId = chosen.make.id ?? makes.find((m) => m.make_name === chosen.make.name)?.make_id ?? null;
  const modelId = chosen.model.id ?? models.find((m) => m.model_name === chosen.model.name)?.model_id ?? null;

  useEffect(() => {
    if (!canEdit) return;
    fetchMakes().then(setMakes, () => setMakes([]));
  }, [canEdit]);
  useEffect(() => {
    if (!canEdit || makeId === null) return;
    let live = true;
    fetchModels(makeId).then((list) => live && setModels(list), () => live && setModels([]));
    return () => {
      live = false;
    };
  }, [canEdit, makeId]);
  useEffect(() => {
    if (!canEdit || modelId === null) return;
    let live = true;
    const fuel = fuelType === null || fuelType === undefined ? null : String(fuelType);
    const prefer = year === null || year === undefined || year === '' ? null : Number(year);
    fetchVariants(modelId, fuel).then((list) => live && setVariants(activeVariants(list, prefer)), () => live && setVariants([]));
    return () => {
      live = false;
    };
  }, [canEdit, modelId, fuelType, year]);

  const pick = (field: 'make' | 'model' | 'variant', id: string) => {
    setDirty(true);
    setChosen((c) => {
      const none: Choice = { id: null, name: '' };
      if (field === 'make') {
        const m = makes.find((x) => String(x.make_id) === id);
        return { make: m ? { id: m.make_id, name: m.make_name } : none, model: none, variant: none };
      }
      if (field === 'model') {
        const m = models.find((x) => String(x.model_id) === id);
        return { ...c, model: m ? { id: m.model_id, name: m.model_name } : none, variant: none };
      }
      const v = variants.find((x) => String(x.variant_id) === id);
      return { ...c, variant: v ? { id: v.variant_id, name: v.variant_display_name || v.variant_name } : none };
    });
  };

  const save = () => {
    // The engine owns the rule (all three chosen, else 'Select all the fields') and the edits a save stands for.
    // A make or model the inspection recorded without an id takes the id its name has in the lists.
    const result = saveMakeModelVariant({ make: { ...chosen.make, id: makeId }, model: { ...chosen.model, id: modelId }, variant: chosen.variant });
    if ('alert' in result) {
      alert(result.alert);
      return;
    }
    const rows: Record<string, RowState | undefined> = { make, model, variant };
    for (const edit of result.edits) {
      const row = rows[edit.key];
      if (edit.type !== 'setValue' || !row) continue;
      // Only what changed: an unchanged row must not be recorded as a QC correction.
      if (edit.value !== String(row.newValue ?? row.value ?? '') || edit.id !== initial(row).id) onEdit({ ...edit, key: row.key });
    }
    setDirty(false);
  };

  const value = (c: Choice, list: { id: number; name: string }[]) =>
    c.id !== null ? String(c.id) : (list.find((x) => x.name === c.name)?.id.toString() ?? (c.name ? CURRENT : ''));
  const makeList = makes.map((m) => ({ id: m.make_id, name: m.make_name }));
  const modelList = models.map((m) => ({ id: m.model_id, name: m.model_name }));
  const variantList = variants.map((v) => ({ id: v.variant_id, name: v.variant_display_name || v.variant_name }));
  const field = (name: 'make' | 'model' | 'variant', label: string, list: { id: number; name: string }[]) => {
    const c = chosen[name];
    const v = value(c, list);
    return (
      <label>
        {label}
        <select aria-label={label} value={v} disabled={!canEdit} onChange={(e) => pick(name, e.target.value)}>
          <option value="">Select</option>
          {list.map((x) => (
            <option key={x.id} value={String(x.id)}>
              {x.name}
            </option>
          ))}
          {v !== '' && !list.some((x) => String(x.id) === v) && <option value={v}>{c.name}</option>}
        </select>
      </label>
    );
  };

  return (
    <section className="variant-panel" aria-label="Make Model Variant">
      <h3>Make / Model / Variant</h3>
      {field('make', 'Make', makeList)}
      {field('model', 'Model', modelList)}
      {field('variant', 'Variant', variantList)}
      {canEdit && (
        <button type="button" disabled={!dirty} onClick={save}>
          Save changes
        </button>
      )}
    </section>
  );
}

/** Re-renders only when the make, model, variant or fuel rows change. */
export const VariantPanel = memo(VariantPanelView);
