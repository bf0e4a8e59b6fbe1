import { useEffect, useMemo, useState } from 'react';
import { fetchMakes, fetchModels, fetchVariantYears, type Make, type Model, type VariantYear } from '../../api/variants.ts';

/** Fuel types in the catalogue's order (spec 002 §9). */
export const FUEL_ORDER = ['Diesel', 'Petrol', 'Petrol + CNG', 'Petrol + LPG', 'Electric', 'Hybrid'];

/** What the variant screens select: make, model, manufacturing years (several) and fuel type (spec 002 §2). */
export interface Selection {
  make: Make | null;
  model: Model | null;
  years: number[];
  fuelType: string | null;
}

export const EMPTY_SELECTION: Selection = { make: null, model: null, years: [], fuelType: null };

/** The spec's form errors, in field order: 'Select Make', 'Select Model', 'Select Years', 'Select fuel Type' (spec 002 §5). */
export function selectionErrors(s: Selection): Partial<Record<'make' | 'model' | 'years' | 'fuelType', string>> {
  const errors: Partial<Record<'make' | 'model' | 'years' | 'fuelType', string>> = {};
  if (!s.make) errors.make = 'Select Make';
  if (!s.model) errors.model = 'Select Model';
  if (!s.years.length) errors.years = 'Select Years';
  if (!s.fuelType) errors.fuelType = 'Select fuel Type';
  return errors;
}

export interface VariantFamily {
  /** The family's id: the parent of its yearly entries (the first year's entry has none). */
  id: number;
  name: string;
}

/** Variants of the chosen fuel type and years, each once (yearly catalogue entries share a parent). */
export function variantFamilies(rows: VariantYear[], fuelType: string | null, years: number[]): VariantFamily[] {
  const families = new Map<number, string>();
  for (const row of rows) {
    if (row.fuel_type !== fuelType || !years.includes(row.year)) continue;
    families.set(row.variant_parent_id ?? row.variant_id, row.variant_name);
  }
  return [...families].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Loads makes, the models of the chosen make and the catalogue variants of the chosen model. */
export function useCatalogue(selection: Selection) {
  const [makes, setMakes] = useState<Make[]>([]);
  const [models, setModels] = useState<Model[]>([]);
  const [variantYears, setVariantYears] = useState<VariantYear[]>([]);
  const makeId = selection.make?.make_id;
  const modelId = selection.model?.model_id;

  useEffect(() => {
    fetchMakes().then(setMakes, () => setMakes([]));
  }, []);
  useEffect(() => {
    if (!makeId) return;
    let live = true;
    fetchModels(makeId).then((m) => live && setModels(m), () => live && setModels([]));
    return () => {
      live = false;
    };
  }, [makeId]);
  useEffect(() => {
    if (!modelId) return;
    let live = true;
    fetchVariantYears(modelId).then((v) => live && setVariantYears(v), () => live && setVariantYears([]));
    return () => {
      live = false;
    };
  }, [modelId]);

  const years = useMemo(() => (modelId ? [...new Set(variantYears.map((v) => v.year))].sort((a, b) => b - a) : []), [variantYears, modelId]);
  const fuelTypes = useMemo(() => {
    const found = new Set(variantYears.filter((v) => !selection.years.length || selection.years.includes(v.year)).map((v) => v.fuel_type));
    return modelId ? FUEL_ORDER.filter((f) => found.has(f)) : [];
  }, [variantYears, selection.years, modelId]);
  return { makes, models: makeId ? models : [], years, fuelTypes, variantYears: modelId ? variantYears : [] };
}
