/** What every row needs besides its RowState; stable for the life of a review so memoised rows keep skipping. */
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { Edit, ReviewModel, RowState } from '../../engine/types.ts';
import type { RemarkTarget } from '../../api/review.ts';
import type { ReviewActorRef } from '../../machines/review.machine.ts';
import type { ModelStore } from '../../engine/store.ts';
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
  /** Uploads an RTO NOC / NMC image for the row `key` names (canUpload), with its value as the review holds it. */
  uploadRowImage: (key: string, file: File) => Promise<void>;
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
 * Where the rows read the model from: the review's store (`context.store` of the review machine), or a fixed one
 * for a model given as a prop (`fixedStore`).
 */
export const ModelContext = createContext<ModelStore | null>(null);

/** A store that tells the readers of each row when that row changes: the review's own (`createModelStore`). */
export type RowStore = ModelStore & Required<Pick<ModelStore, 'subscribeRows'>>;

/** The review's live store, or null where the rows come from a fixed model or from props. */
export function useRowStore(): RowStore | null {
  const store = useContext(ModelContext);
  return store?.subscribeRows ? (store as RowStore) : null;
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
