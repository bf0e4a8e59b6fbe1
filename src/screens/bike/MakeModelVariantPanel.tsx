/**
 * Make, model and variant of a bike, editable only by its qcUser (spec 001 §2): make → models (makeCode) → variants
 * (model_id) from the catalogue; saving pushes them with the appointment id, says 'Make Model Variant updated' and
 * records each changed choice on its row (the product's makeModelVariant panel names them), as the car's panel
 * does: a ticked make, model or variant then has the new value a submit needs (001 §5), where before it could only
 * be unticked.
 */
import { useEffect, useState } from 'react';
import bikeScreens from '../../config/bike-list.json';
import { fetchBikeMakes, fetchBikeModels, fetchBikeVariants, pushBikeData, type BikeDetail } from '../../api/bike.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import { errorDetail } from '../../machines/error-detail.ts';
import type { Edit } from '../../engine/types.ts';

type Model = { id: number; name: string };
type Variant = { name: string; code: string };

interface Props {
  detail: BikeDetail;
  /** The rows the panel's choices are recorded on (the config's makeModelVariant panel). */
  rows: { make: string; model: string; variant: string };
  onEdit: (edit: Edit) => void;
  /** The stored bike, and the rows whose value the update changed (in make, model, variant order). */
  onUpdated: (detail: BikeDetail, changedRows: string[]) => void;
}

export function MakeModelVariantPanel({ detail, rows, onEdit, onUpdated }: Props) {
  const [makes, setMakes] = useState<{ name: string; code: string }[]>([]);
  const [makeCode, setMakeCode] = useState('');
  const [models, setModels] = useState<Model[]>([]);
  const [modelId, setModelId] = useState('');
  const [variants, setVariants] = useState<Variant[]>([]);
  const [variantCode, setVariantCode] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    fetchBikeMakes().then((list) => {
      setMakes(list);
      setMakeCode(list.find((m) => m.name === detail.make)?.code ?? '');
    }, () => undefined);
  }, [detail.make]);
  useEffect(() => {
    if (!makeCode) return;
    let cancelled = false;
    fetchBikeModels(makeCode).then((list) => {
      if (cancelled) return;
      setModels(list);
      setModelId(String(list.find((m) => m.name === detail.model)?.id ?? ''));
    }, () => undefined);
    return () => {
      cancelled = true;
    };
  }, [makeCode, detail.model]);
  const model = models.find((m) => String(m.id) === modelId);
  // The bike's own model preselects the bike's variant; another model starts with none.
  const ownModel = model?.name === detail.model;
  useEffect(() => {
    setVariants([]);
    if (!modelId) return;
    let cancelled = false;
    fetchBikeVariants(Number(modelId)).then((list) => {
      if (cancelled) return;
      setVariants(list);
      if (ownModel) setVariantCode((chosen) => chosen || (list.find((v) => v.name === detail.variant)?.code ?? ''));
    }, () => undefined);
    return () => {
      cancelled = true;
    };
  }, [modelId, ownModel, detail.variant]);

  const variant = variants.find((v) => v.code === variantCode);
  const make = makes.find((m) => m.code === makeCode);
  const changed = !!(make && model && variant) && (make.name !== detail.make || model.name !== detail.model || variant.name !== detail.variant);

  return (
    <form
      className="mmv-panel picker-row"
      aria-label="Make, model and variant"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!make || !model || !variant || saving) return;
        setSaving(true);
        try {
          const updated = await pushBikeData({ appointmentId: detail.appointmentId, make, model: { name: model.name, id: model.id }, variant });
          showSuccess(bikeScreens.texts.makeModelVariantUpdated);
          const chosen = [[rows.make, detail.make, make.name], [rows.model, detail.model, model.name], [rows.variant, detail.variant, variant.name]] as const;
          const differing = chosen.filter(([, was, now]) => now !== was);
          for (const [key, , now] of differing) onEdit({ type: 'setValue', key, value: now });
          onUpdated(updated, differing.map(([key]) => key));
        } catch (error) {
          showError(errorDetail(error, 'Make, model and variant could not be updated'));
        } finally {
          setSaving(false);
        }
      }}
    >
      <label>
        Make
        <select value={makeCode} onChange={(e) => { setMakeCode(e.target.value); setModelId(''); setVariantCode(''); }}>
          <option value="">Select</option>
          {makes.map((m) => <option key={m.code} value={m.code}>{m.name}</option>)}
        </select>
      </label>
      <label>
        Model
        <select value={modelId} onChange={(e) => { setModelId(e.target.value); setVariantCode(''); }}>
          <option value="">Select</option>
          {models.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
        </select>
      </label>
      <label>
        Variant
        <select value={variantCode} onChange={(e) => setVariantCode(e.target.value)}>
          <option value="">Select</option>
          {variants.map((v) => <option key={v.code} value={v.code}>{v.name}</option>)}
        </select>
      </label>
      {/* aria-disabled while saving, not disabled: a focused button that turns disabled drops the focus to the page's
          body, and a failed update would leave it there. */}
      <button type="submit" disabled={!changed} aria-disabled={saving}>
        Update Make Model Variant
      </button>
    </form>
  );
}
