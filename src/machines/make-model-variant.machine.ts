/**
 * The make / model / variant change panel as a machine (issue 10 'Flows are machines'; spec 000 §2, §5): makes load,
 * then the chosen make's models, then the chosen model's variants (of the car's fuel type, each variant once), each
 * step cancelling the one it replaces. A pick clears what depends on it; Save is possible after a change and gives
 * the engine's edits for the rows that changed, or its alert ('Select all the fields').
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ReviewConfig } from '../engine/config.ts';
import { activeVariants, saveMakeModelVariant, type VariantStatus } from '../engine/make-model-variant.ts';
import type { Edit } from '../engine/types.ts';

export interface MmvChoice {
  id: number | null;
  name: string;
}

export interface MakeOption {
  make_id: number;
  make_name: string;
}
export interface ModelOption {
  model_id: number;
  model_name: string;
}
export interface VariantOption extends VariantStatus {
  variant_name: string;
  variant_display_name: string;
}

export interface MmvInput {
  /** What the inspection records (or the reviewer last saved). */
  make: MmvChoice;
  model: MmvChoice;
  variant: MmvChoice;
  fuelType: string | null;
  /** The car's manufacturing year: of a variant's yearly entries, that year's is the one saved. */
  year: number | null;
  /** The product config: its active-variant status and 'Select all the fields' alert. */
  config: ReviewConfig;
}

interface MmvContext extends MmvInput {
  initial: { make: MmvChoice; model: MmvChoice; variant: MmvChoice };
  makes: MakeOption[];
  models: ModelOption[];
  variants: VariantOption[];
  dirty: boolean;
}

export type MmvEvent =
  | { type: 'PICK_MAKE'; id: string }
  | { type: 'PICK_MODEL'; id: string }
  | { type: 'PICK_VARIANT'; id: string }
  | { type: 'FILTER'; fuelType: string | null; year: number | null }
  | { type: 'SAVE' };

const NONE: MmvChoice = { id: null, name: '' };

/** The chosen make's id, or the id its name has in the loaded list (inspections may record names only). */
export function makeIdOf(c: Pick<MmvContext, 'make' | 'makes'>): number | null {
  return c.make.id ?? c.makes.find((m) => m.make_name === c.make.name)?.make_id ?? null;
}
export function modelIdOf(c: Pick<MmvContext, 'model' | 'models'>): number | null {
  return c.model.id ?? c.models.find((m) => m.model_name === c.model.name)?.model_id ?? null;
}

/** The engine's answer to saving the current choices: its edits, or its alert when one is blank. */
function saveResult(c: MmvContext): { alert: string } | { edits: Edit[] } {
  return saveMakeModelVariant({ make: { ...c.make, id: makeIdOf(c) }, model: { ...c.model, id: modelIdOf(c) }, variant: c.variant }, c.config);
}

/** Only what changed: an unchanged row must not be recorded as a QC correction. */
function changedEdits(c: MmvContext): Edit[] {
  const result = saveResult(c);
  if ('alert' in result) return [];
  const was = c.initial;
  return result.edits.filter((edit) => {
    if (edit.type !== 'setValue') return false;
    const before = was[edit.key as keyof typeof was];
    return !before || edit.value !== before.name || edit.id !== before.id;
  });
}

export const makeModelVariantMachine = setup({
  types: {
    context: {} as MmvContext,
    events: {} as MmvEvent,
    input: {} as MmvInput,
    tags: {} as 'loading',
  },
  actors: {
    loadMakes: fromPromise<MakeOption[], void>(async () => []),
    loadModels: fromPromise<ModelOption[], { makeId: number }>(async () => []),
    loadVariants: fromPromise<VariantOption[], { modelId: number; fuelType: string | null }>(async () => []),
  },
  actions: {
    showAlert: (_, _params: { message: string }) => {},
    /** The rows that changed, as engine edits (setValue with ids). */
    saved: (_, _params: { edits: Edit[] }) => {},
  },
}).createMachine({
  id: 'makeModelVariant',
  context: ({ input }) => ({ ...input, initial: { make: input.make, model: input.model, variant: input.variant }, makes: [], models: [], variants: [], dirty: false }),
  initial: 'loadingMakes',
  on: {
    PICK_MAKE: {
      target: '.loadingModels',
      actions: assign(({ context, event }) => {
        const m = context.makes.find((x) => String(x.make_id) === event.id);
        return { make: m ? { id: m.make_id, name: m.make_name } : NONE, model: NONE, variant: NONE, models: [], variants: [], dirty: true };
      }),
    },
    PICK_MODEL: {
      target: '.loadingVariants',
      actions: assign(({ context, event }) => {
        const m = context.models.find((x) => String(x.model_id) === event.id);
        return { model: m ? { id: m.model_id, name: m.model_name } : NONE, variant: NONE, variants: [], dirty: true };
      }),
    },
    PICK_VARIANT: {
      actions: assign(({ context, event }) => {
        const v = context.variants.find((x) => String(x.variant_id) === event.id);
        return { variant: v ? { id: v.variant_id, name: v.variant_display_name || v.variant_name } : NONE, dirty: true };
      }),
    },
    FILTER: {
      target: '.loadingVariants',
      actions: assign(({ event }) => ({ fuelType: event.fuelType, year: event.year })),
    },
    SAVE: [
      { guard: ({ context }) => !context.dirty },
      {
        guard: ({ context }) => 'alert' in saveResult(context),
        actions: { type: 'showAlert', params: ({ context }) => ({ message: (saveResult(context) as { alert: string }).alert }) },
      },
      {
        actions: [
          { type: 'saved', params: ({ context }) => ({ edits: changedEdits(context) }) },
          assign(({ context }) => ({ dirty: false, initial: { make: context.make, model: context.model, variant: context.variant } })),
        ],
      },
    ],
  },
  states: {
    loadingMakes: {
      tags: 'loading',
      invoke: {
        src: 'loadMakes',
        onDone: { target: 'loadingModels', actions: assign({ makes: ({ event }) => event.output }) },
        // A failed lookup is ignored (000 §8): the lists stay empty.
        onError: 'loadingModels',
      },
    },
    loadingModels: {
      tags: 'loading',
      always: { guard: ({ context }) => makeIdOf(context) === null, target: 'ready' },
      invoke: {
        src: 'loadModels',
        input: ({ context }) => ({ makeId: makeIdOf(context)! }),
        onDone: { target: 'loadingVariants', actions: assign({ models: ({ event }) => event.output }) },
        onError: { target: 'loadingVariants', actions: assign({ models: [] }) },
      },
    },
    loadingVariants: {
      tags: 'loading',
      always: { guard: ({ context }) => modelIdOf(context) === null, target: 'ready' },
      invoke: {
        src: 'loadVariants',
        input: ({ context }) => ({ modelId: modelIdOf(context)!, fuelType: context.fuelType }),
        onDone: { target: 'ready', actions: assign({ variants: ({ event, context }) => activeVariants(event.output, context.year, context.config) }) },
        onError: { target: 'ready', actions: assign({ variants: [] }) },
      },
    },
    ready: {},
  },
});
