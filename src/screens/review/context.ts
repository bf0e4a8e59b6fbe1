/** What every row needs besides its RowState; stable for the life of a review so memoised rows keep skipping. */
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { Edit, ReviewModel, RowState } from '../../engine/types.ts';
import type { RemarkTarget } from '../../api/review.ts';
import type { ReviewActorRef } from '../../machines/review.machine.ts';
import type { AudioRecorder } from './audio.ts';

export interface ReviewRowContext {
  /** False for everyone but the assignee (000 §4). */
  canEdit: boolean;
  appointmentId: string;
  /** Stable: dispatches an engine edit. */
  onEdit: (edit: Edit) => void;
  remarkTarget: (row: RowState) => RemarkTarget;
  /** Opens the image editor on an image row. */
  editImage: (row: RowState) => void;
  /** Uploads an RTO NOC / NMC image for a row (canUpload). */
  uploadRowImage: (row: RowState, file: File) => Promise<void>;
  recorder?: () => AudioRecorder;
  recordingSupported?: boolean;
  /** The URL images load from (image host and quality parameter applied). */
  imageSrc: (url: string) => string;
  /** Remark text typed on a row and not sent yet (kept by the review, so it survives scrolling and tab changes). */
  remarkText?: (key: string) => string;
  onRemarkText?: (key: string, text: string) => void;
  /** The review machine, for the events of a row's audio remark (its upload is the machine's); none: no recording. */
  review?: ReviewActorRef;
}

export const RowContext = createContext<ReviewRowContext | null>(null);

export function useRowContext(): ReviewRowContext {
  const ctx = useContext(RowContext);
  if (!ctx) throw new Error('RowContext missing');
  return ctx;
}

/**
 * Where the rows read the model from. The review route's is its machine (`storeOfActor`): each row subscribes to its
 * own RowState, so a keystroke re-renders the edited row and the rows the engine recomputed, not the list or the
 * screen. A `model` prop makes a fixed store (`fixedStore`): a new model then re-renders every reader, as props would.
 */
export interface ModelStore {
  getModel(): ReviewModel;
  subscribe(onChange: () => void): () => void;
  /**
   * Calls `onChange` only for a model whose RowState of one of `keys` is not the previous model's (the engine keeps
   * an unchanged row's RowState). Without it, `subscribe` stands in.
   */
  subscribeRows?(keys: readonly string[], onChange: () => void): () => void;
}

export const ModelContext = createContext<ModelStore | null>(null);

export function fixedStore(model: ReviewModel): ModelStore {
  return { getModel: () => model, subscribe: () => () => undefined };
}

/**
 * A store over an actor whose snapshot holds the model (`model` reads it). It answers the last model the actor had:
 * while the screen unmounts after a reload cleared it, a row still asking reads a model, not null.
 * It subscribes to the actor once and tells its readers only of a new model: a keystroke then wakes the readers of
 * the whole model and the rows whose RowState changed, rather than every mounted row's selectors.
 */
export function storeOfActor<S>(actor: { getSnapshot(): S; subscribe(listener: () => void): { unsubscribe(): void } }, model: (snapshot: S) => ReviewModel | null): ModelStore {
  let last: ReviewModel | null = null;
  /** The model the readers were last told of. */
  let told: ReviewModel | null = null;
  const all = new Set<() => void>();
  const byRow = new Map<string, Set<() => void>>();
  let subscription: { unsubscribe(): void } | null = null;
  const current = () => (last = model(actor.getSnapshot()) ?? last);
  const onSnapshot = () => {
    const next = current();
    const prev = told;
    if (next === prev) return;
    told = next;
    // Copies: a listener may unsubscribe (its row unmounts) while this runs.
    const wake = new Set(all);
    for (const [key, listeners] of byRow) if (!prev || !next || prev.rows[key] !== next.rows[key]) for (const l of listeners) wake.add(l);
    for (const l of wake) l();
  };
  const listen = () => {
    if (subscription) return;
    told = current();
    subscription = actor.subscribe(onSnapshot);
  };
  const release = () => {
    if (all.size === 0 && byRow.size === 0) {
      subscription?.unsubscribe();
      subscription = null;
    }
  };
  return {
    getModel: () => current()!,
    subscribe: (onChange) => {
      listen();
      // Its own wrapper: the same callback given twice is two subscriptions, as the actor's own subscribe has it.
      const l = () => onChange();
      all.add(l);
      return () => {
        all.delete(l);
        release();
      };
    },
    subscribeRows: (keys, onChange) => {
      listen();
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
        release();
      };
    },
  };
}

/**
 * Reads what `select` picks from the model and re-renders only when that changes (by identity: the engine keeps an
 * unchanged row's RowState, so a row's selection is stable until an edit recomputes it). `select` must answer the
 * same value for the same model. `rows`: the keys of the rows `select` reads, when it reads nothing else of the model
 * (the config aside); it is then asked again only when one of those rows changes.
 */
export function useModel<T>(select: (model: ReviewModel) => T, rows?: readonly string[]): T {
  const store = useContext(ModelContext);
  if (!store) throw new Error('ModelContext missing');
  const rowsKey = rows?.join('\n');
  const subscribe = useMemo(
    () => (rowsKey !== undefined && store.subscribeRows ? (onChange: () => void) => store.subscribeRows!(rowsKey.split('\n'), onChange) : store.subscribe),
    [store, rowsKey],
  );
  return useSyncExternalStore(subscribe, () => select(store.getModel()));
}
