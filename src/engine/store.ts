/**
 * A review's model as a store its readers subscribe to (the car review's rows, through React's
 * useSyncExternalStore). Replacing the model wakes the readers of the whole model and the readers of the rows whose
 * RowState changed (the engine keeps an unchanged row's RowState), so a keystroke re-renders the edited row and the
 * rows the engine recomputed, not every mounted row.
 */
import type { ReviewModel } from './types.ts';

export interface ModelStore {
  getModel(): ReviewModel;
  subscribe(onChange: () => void): () => void;
  /**
   * Calls `onChange` only for a model whose RowState of one of `keys` is not the previous model's. Without it,
   * `subscribe` stands in.
   */
  subscribeRows?(keys: readonly string[], onChange: () => void): () => void;
}

/** A store whose model is replaced as the review goes on. */
export interface LiveModelStore extends ModelStore {
  setModel(model: ReviewModel): void;
}

/** A store that never changes: a new model is a new store, which re-renders every reader, as props would. */
export function fixedStore(model: ReviewModel): ModelStore {
  return { getModel: () => model, subscribe: () => () => undefined };
}

export function createModelStore(initial: ReviewModel): LiveModelStore {
  let model = initial;
  const all = new Set<() => void>();
  const byRow = new Map<string, Set<() => void>>();
  return {
    getModel: () => model,
    setModel: (next) => {
      const prev = model;
      if (next === prev) return;
      model = next;
      // Copies: a listener may unsubscribe (its row unmounts) while this runs.
      const wake = new Set(all);
      for (const [key, listeners] of byRow) if (prev.rows[key] !== next.rows[key]) for (const l of listeners) wake.add(l);
      for (const l of wake) l();
    },
    subscribe: (onChange) => {
      // Its own wrapper: the same callback given twice is two subscriptions.
      const l = () => onChange();
      all.add(l);
      return () => void all.delete(l);
    },
    subscribeRows: (keys, onChange) => {
      const l = () => onChange();
      for (const key of keys) {
        const set = byRow.get(key) ?? new Set();
        set.add(l);
        byRow.set(key, set);
      }
      return () => {
        for (const key of keys) {
          const set = byRow.get(key);
          set?.delete(l);
          if (set?.size === 0) byRow.delete(key);
        }
      };
    },
  };
}
