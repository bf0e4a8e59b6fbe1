/** What every row needs besides its RowState; stable for the life of a review so memoised rows keep skipping. */
import { createContext, useContext, useSyncExternalStore } from 'react';
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
}

export const ModelContext = createContext<ModelStore | null>(null);

export function fixedStore(model: ReviewModel): ModelStore {
  return { getModel: () => model, subscribe: () => () => undefined };
}

/**
 * A store over an actor whose snapshot holds the model (`model` reads it). It answers the last model the actor had:
 * while the screen unmounts after a reload cleared it, a row still asking reads a model, not null.
 */
export function storeOfActor<S>(actor: { getSnapshot(): S; subscribe(listener: () => void): { unsubscribe(): void } }, model: (snapshot: S) => ReviewModel | null): ModelStore {
  let last: ReviewModel | null = null;
  return {
    getModel: () => (last = model(actor.getSnapshot()) ?? last)!,
    subscribe: (onChange) => {
      const s = actor.subscribe(onChange);
      return () => s.unsubscribe();
    },
  };
}

/**
 * Reads what `select` picks from the model and re-renders only when that changes (by identity: the engine keeps an
 * unchanged row's RowState, so a row's selection is stable until an edit recomputes it). `select` must answer the
 * same value for the same model.
 */
export function useModel<T>(select: (model: ReviewModel) => T): T {
  const store = useContext(ModelContext);
  if (!store) throw new Error('ModelContext missing');
  return useSyncExternalStore(store.subscribe, () => select(store.getModel()));
}
