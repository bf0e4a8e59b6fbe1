/**
 * One review of one inspection (issue 10 'Flows are machines', issue 16 'Never lose work'), for any review product:
 * the product's engine comes in the input. Loading → (error | ready); ready runs six regions side by side:
 * `mode` (readOnly or editing: only the editor's edits reach `engine.apply`, as EDIT or through `editReview`),
 * `registry` (registry data `loadReview` did not bring is loaded after the rows show, then the model is re-evaluated
 * with it), `sync` (idle or refreshing the inspection after an upload, keeping the edits), `uploads` (idle or
 * uploading an image: the `uploadImage` actor, then a masked picture's mask edit and a refresh), `audioRemarks` (idle
 * or sending a recorded remark: the `uploadAudioRemark` actor; the recording is kept until the server has it, in the
 * draft too, so a failure or a reload can send it again) and `outcome` (open, or submitted).
 *
 * Drafts (issue 16 'Never lose work') are the draft machine every review product uses, invoked here as the child
 * `draft` for as long as a loaded review is open, rather than a hook beside the machine: the review holds the engine
 * model the draft rebuilds, so a restored draft is applied before the first render (`checkingDraft` waits for the
 * child's DRAFT_OPENED), and every change the reviewer makes is told to it (CHANGE) in the same step that makes it
 * (but an edit while a write is already due: the write takes the review as it then stands, the child's `current`).
 * The child writes it within DRAFT_DELAY_MS, hands back a draft of the same inspection and config version
 * (DRAFT_APPLY, 'restored'), only offers one of another version, and clears it once the submission child reports
 * success (SUBMITTED). The draft bar sends RESTORE / DISCARD to the child (`snapshot.children.draft`).
 */
import { and, assign, enqueueActions, fromPromise, sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import dayjs from 'dayjs';
import type { ReviewEngine } from '../engine/model.ts';
import { createModelStore, type LiveModelStore } from '../engine/store.ts';
import { storedEdits } from '../engine/edit.ts';
import type { InspectionDetail, RegistryData } from '../products/car/inspection.ts';
import type { RemarkEntry } from '../engine/inspection.ts';
import type { Edit, EvaluateOptions, ReviewModel, RowState, Tab } from '../engine/types.ts';
import { errorDetail, RETRY_LINE } from './error-detail.ts';
import { configFingerprint, DRAFT_DELAY_MS, draftMachine, writeIsDue } from './review-draft.machine.ts';
import { submissionMachine } from './submission.machine.ts';
import { AUDIO_REMARK_TEXT, remarkRequest, remarkSaveError } from './remark.machine.ts';
import type { ImageUploadFields, RemarkRequest, RemarkTarget } from '../api/review.ts';

export { DRAFT_DELAY_MS };

export interface ReviewLoaded {
  inspection: InspectionDetail;
  registry: RegistryData | null;
  options: EvaluateOptions;
}

export interface ReviewMachineInput {
  carId: string;
  /** The product's engine (one engine, many products). */
  engine: ReviewEngine;
  /** Whether the signed-in user may edit this inspection (the screen's access rule). */
  canEdit: (inspection: InspectionDetail) => boolean;
  /** Draft store key (per inspection and user); null keeps no draft. */
  draftKey: string | null;
  /** The signed-in user's role: an edited picture is uploaded under it (000 §7 POST v2/image). */
  role?: string | null;
}

/**
 * An image upload of the review (000 §4, §7 `POST v2/image`): a row's own image (the car's RTO NOC / NMC, offered by
 * an `upload` rule), or a picture edited in the image editor (masked, rotated).
 */
export type UploadRequest =
  | { kind: 'rowImage'; key: string; file: Blob & { name?: string } }
  | { kind: 'editedImage'; key: string; file: Blob; pointerCount: number; isTilted: boolean };

/** How the last upload ended, for the row or editor that asked: the stored url, or the sentence to show. */
export interface UploadResult {
  key: string;
  url: string | null;
  error: string | null;
}

export const IMAGE_UPLOADED = 'Image Uploaded';
export const NOT_AN_IMAGE = 'Only image files can be uploaded';

/**
 * The fields of `POST v2/image` for an upload of `row` (the request's row as the review holds it when it is sent)
 * of this inspection (pure: the machine's actor input).
 */
export function uploadFields(request: UploadRequest, row: RowState, inspection: InspectionDetail, role: string | null, uploadTime: string): ImageUploadFields {
  const place = { carId: inspection.carId, section: row.section, part: row.part, ...(row.subPart ? { subPart: row.subPart } : {}) };
  if (request.kind === 'rowImage') {
    return {
      ...place,
      type: 'additionalInfo',
      partTitle: row.text,
      partValue: String(row.newValue ?? row.value ?? ''),
      title: row.text,
      role: 'qc',
      inspectionStatus: inspection.inspectionStatus,
      uploadTime,
      fileExtension: request.file.name?.split('.').pop() || 'jpg',
    };
  }
  const image = row.image;
  return {
    carId: inspection.carId,
    section: row.section,
    type: image?.imageType ?? 'image',
    part: row.part,
    hashKey: image?.hashKey,
    title: row.text,
    role: role ?? 'qc',
    field: row.part,
    inspectionStatus: inspection.inspectionStatus,
    uploadTime,
    pointerCount: request.pointerCount,
    isTilted: request.isTilted,
    fileExtension: 'jpeg',
    oldImageUrl: image?.url,
  };
}

/** A recorded audio remark of a row that the server does not have yet. */
export interface AudioRemark {
  request: RemarkRequest;
  /** waiting: queued behind another; sending: the upload is in flight; failed: kept, to send again or discard. */
  status: 'waiting' | 'sending' | 'failed';
  /** What the reviewer reads about the last failure (000 §8), never the transport's text. */
  error: string | null;
}

export interface ReviewContext {
  carId: string;
  engine: ReviewEngine;
  canEditFn: (inspection: InspectionDetail) => boolean;
  draftKey: string | null;
  inspection: InspectionDetail | null;
  /**
   * The review's model, in a store the rows subscribe to (`modelOf` reads it): one per load. The machine replaces its
   * model (load, draft, registry, refresh, EDIT); a reviewer's edit goes in through `editReview`.
   */
  store: LiveModelStore | null;
  options: EvaluateOptions;
  error: string | null;
  tab: Tab;
  isCritical: boolean;
  isDummy: boolean;
  /** Remark text typed and not sent, by row key: survives the row scrolling away and tab changes. */
  remarks: Record<string, string>;
  role: string | null;
  /** The upload in flight, and how the last one ended. */
  pendingUpload: UploadRequest | null;
  upload: UploadResult | null;
  /** Urls of pictures edited in this review, by row key (shown until the refreshed inspection carries them). */
  urls: Record<string, string>;
  /** Recorded audio remarks not stored yet, by row key. */
  audioRemarks: Record<string, AudioRemark>;
  /** Audio remarks stored in this review, by row key, for the row's history. */
  sentRemarks: Record<string, RemarkEntry[]>;
}

export type ReviewEvent =
  | { type: 'EDIT'; edit: Edit }
  | { type: 'REMARK_TEXT'; key: string; text: string }
  | { type: 'SET_TAB'; tab: Tab }
  | { type: 'SET_CRITICAL'; value: boolean }
  | { type: 'SET_DUMMY'; value: boolean }
  | { type: 'RELOAD' }
  | { type: 'REFRESH' }
  | { type: 'UPLOAD'; request: UploadRequest }
  | { type: 'AUDIO_REMARK'; key: string; target: RemarkTarget; audio: Blob }
  | { type: 'RETRY_AUDIO_REMARK'; key: string }
  | { type: 'DISCARD_AUDIO_REMARK'; key: string }
  | { type: 'DRAFT_APPLY'; payload: ReviewDraftPayload | null }
  | { type: 'DRAFT_OPENED' }
  | { type: 'SUBMITTED' };

/** What the draft of a review keeps: enough to rebuild it on the same inspection and config. */
export interface ReviewDraftPayload {
  /** The engine edits, in order. */
  edits: readonly Edit[];
  /** Remark text typed but not sent yet, by row key. */
  remarks: Record<string, string>;
  isCritical: boolean;
  isDummy: boolean;
  /**
   * Recorded audio remarks the server had not confirmed, by row key, each with its recording (IndexedDB keeps the
   * Blob). Absent when there are none, and in drafts stored before recordings were kept.
   */
  audio?: Record<string, RemarkRequest>;
}

/** The fingerprint of the engine's config: a draft made with other rows or rules is not applied silently. */
export const configVersion = (engine: ReviewEngine): string => configFingerprint(engine.config);

/** The inspection state a draft belongs to: another version or status (re-opened, submitted) is another review. */
export function inspectionVersion(inspection: InspectionDetail): string {
  return `${inspection.carId}:${inspection.version}:${inspection.inspectionStatus}`;
}

/** The version a draft is made on: the inspection's and the config's. */
export const draftVersion = (inspection: InspectionDetail, engine: ReviewEngine): string => `${inspectionVersion(inspection)}|${configVersion(engine)}`;

/** The review's model as it stands, or null before the review has loaded. */
export const modelOf = (context: ReviewContext): ReviewModel | null => context.store?.getModel() ?? null;

/** The row `key` names in the review's current model, or null (own rows only: the key comes from a request). */
function rowOf(context: ReviewContext, key: string): RowState | null {
  const rows = modelOf(context)?.rows;
  return rows && Object.hasOwn(rows, key) ? rows[key] : null;
}

/** The reviewer has done something the server does not have yet (edits, unsent remark text, the toggles). */
export function hasUnsubmittedWork(context: ReviewContext): boolean {
  return (modelOf(context)?.edits?.length ?? 0) > 0 || Object.values(context.remarks).some((t) => t.trim() !== '') || context.isCritical || context.isDummy;
}

/** The row whose recorded remark is being sent. */
const sending = (context: ReviewContext): string => Object.keys(context.audioRemarks).find((key) => context.audioRemarks[key].status === 'sending')!;

/** The next recorded remark to send, in the order they were recorded, or null. */
const sendingNext = (context: ReviewContext): string | null => Object.keys(context.audioRemarks).find((key) => context.audioRemarks[key].status === 'waiting') ?? null;

function withStatus(remarks: Record<string, AudioRemark>, key: string, status: AudioRemark['status'], error: string | null): Record<string, AudioRemark> {
  return { ...remarks, [key]: { ...remarks[key], status, error } };
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const next = { ...record };
  delete next[key];
  return next;
}

/** Leaving would lose something: unsubmitted work, or a recorded remark the server does not have yet. */
export function hasUnsavedWork(context: ReviewContext): boolean {
  return hasUnsubmittedWork(context) || Object.keys(context.audioRemarks).length > 0;
}

/** The draft of the review as it stands, or null when there is nothing the server does not have. */
function draftPayload(context: ReviewContext): ReviewDraftPayload | null {
  if (!hasUnsavedWork(context)) return null;
  const payload: ReviewDraftPayload = { edits: modelOf(context)?.edits ?? [], remarks: context.remarks, isCritical: context.isCritical, isDummy: context.isDummy };
  const recorded = Object.entries(context.audioRemarks);
  if (recorded.length) payload.audio = Object.fromEntries(recorded.map(([key, remark]) => [key, remark.request]));
  return payload;
}

/**
 * What a handed-back draft keeps per row, taken only under keys that are rows of `model` and with values `accept`
 * takes: a stored draft is read back from the browser, and a key that is no row (`__proto__` among them) is dropped
 * rather than written into the record.
 */
function ofRows<T>(stored: Readonly<Record<string, unknown>> | undefined, model: ReviewModel, accept: (value: unknown) => value is T): Record<string, T> {
  const taken: Record<string, T> = {};
  for (const [key, value] of Object.entries(stored ?? {})) if (Object.hasOwn(model.rows, key) && accept(value)) taken[key] = value;
  return taken;
}

const isText = (value: unknown): value is string => typeof value === 'string';
/** A stored recording: the request the review made, with its audio (IndexedDB keeps the Blob). */
const isRequest = (value: unknown): value is RemarkRequest =>
  typeof value === 'object' && value !== null && (value as { remarkType?: unknown }).remarkType === 'audio' && (value as { audio?: unknown }).audio instanceof Blob;

/**
 * The recorded remarks after a draft is handed back: the draft's, not sent (a reload may have cut off an upload that
 * reached the server, so the reviewer sends each again or discards it), and any upload still in flight here.
 */
function restoredAudio(context: ReviewContext, draft: ReviewDraftPayload | null, model: ReviewModel): Record<string, AudioRemark> {
  const restored: Record<string, AudioRemark> = {};
  for (const [key, request] of Object.entries(ofRows(draft?.audio, model, isRequest))) restored[key] = { request, status: 'failed', error: null };
  for (const [key, remark] of Object.entries(context.audioRemarks)) if (remark.status === 'sending') restored[key] = remark;
  return restored;
}

/** Applies a reviewer's edit to the review's model (a refused edit leaves it as it is). */
function applyTo(context: ReviewContext, edit: Edit): void {
  const { store } = context;
  if (store) store.setModel(context.engine.apply(store.getModel(), edit));
}

function rebuild(context: ReviewContext, inspection: InspectionDetail, edits: readonly Edit[]): ReviewModel {
  return context.engine.evaluate(inspection, edits, modelOf(context)?.registry ?? null, context.options);
}

/**
 * The submission machine as the review's child: its success tells the review (SUBMITTED, the draft is cleared) and a
 * 206 reloads the review (RELOAD). The screen adds the UI actions with `reviewSubmission.provide(...)`.
 */
export const reviewSubmission = submissionMachine.provide({
  actions: {
    submitted: sendParent({ type: 'SUBMITTED' }),
    reloadPage: sendParent({ type: 'RELOAD' }),
  },
});

/** The draft machine as the review's child: what it hands back and its having read the store go to the review. */
export const reviewDraft = draftMachine.provide({
  actions: {
    handOver: sendParent((_, params: { payload: unknown }) => ({ type: 'DRAFT_APPLY', payload: params.payload as ReviewDraftPayload | null })),
    opened: sendParent({ type: 'DRAFT_OPENED' }),
  },
});

export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as ReviewMachineInput,
    children: {} as { submission: 'submission'; draft: 'draft' },
    tags: {} as 'loading' | 'ready' | 'editing' | 'readOnly' | 'refreshing' | 'failed' | 'submitted' | 'uploading',
  },
  actors: {
    loadReview: fromPromise<ReviewLoaded, { carId: string }>(async () => {
      throw new Error('loadReview not provided');
    }),
    refreshInspection: fromPromise<InspectionDetail, { carId: string }>(async () => {
      throw new Error('refreshInspection not provided');
    }),
    /** Registry data that `loadReview` did not bring: the rows show without it and gain its comparisons when it comes. */
    loadRegistry: fromPromise<RegistryData | null, { appointmentId: string }>(async () => null),
    /** `POST v2/image`: answers the stored url. */
    uploadImage: fromPromise<{ url: string }, { file: Blob; fields: ImageUploadFields }>(async () => {
      throw new Error('uploadImage not provided');
    }),
    /** `POST v2/rejection-remark` with a recorded audio file: answers the stored remark (or null). */
    uploadAudioRemark: fromPromise<RemarkEntry | null, RemarkRequest>(async () => {
      throw new Error('uploadAudioRemark not provided');
    }),
    /** The draft store is the screen's: it provides `reviewDraft.provide({ actors: draftActors(store) })`. */
    draft: reviewDraft,
    submission: reviewSubmission,
  },
  guards: {
    canEdit: ({ context }) => context.inspection !== null && context.canEditFn(context.inspection),
    /** The request names a row of the review, one that offers an upload for a row image. */
    uploadable: ({ context, event }) => {
      if (event.type !== 'UPLOAD') return false;
      const row = rowOf(context, event.request.key);
      return event.request.kind === 'rowImage' ? row?.canUpload === true : row !== null;
    },
    /** A row image that is not an image file (an edited picture is always the editor's JPEG). */
    notAnImage: ({ event }) => event.type === 'UPLOAD' && event.request.kind === 'rowImage' && !event.request.file.type.startsWith('image/'),
  },
  actions: {
    applyEdit: ({ context, event }) => {
      if (event.type === 'EDIT') applyTo(context, event.edit);
    },
    /** Shows this model (a rebuilt one: a draft, the registry's data, a refreshed inspection). */
    setModel: ({ context }, params: { model: ReviewModel }) => context.store?.setModel(params.model),
    /** Tells the draft what the review now holds (it writes it later, off the change's own step). */
    draftChanged: sendTo('draft', ({ context }) => ({ type: 'CHANGE' as const, payload: draftPayload(context) })),
    /** Shows a handed-back draft, or (null) the inspection as the server has it. */
    applyDraft: enqueueActions(({ context, event, enqueue }) => {
      const draft = (event as Extract<ReviewEvent, { type: 'DRAFT_APPLY' }>).payload;
      const inspection = context.inspection!;
      // The draft comes back from the browser's store as it holds it: only well-formed parts are taken.
      const model = rebuild(context, inspection, storedEdits(draft?.edits));
      enqueue(() => context.store?.setModel(model));
      enqueue.assign({
        remarks: ofRows(draft?.remarks, model, isText),
        isCritical: draft ? draft.isCritical === true : Boolean(inspection.isCritical),
        isDummy: draft?.isDummy === true,
        audioRemarks: restoredAudio(context, draft, model),
      });
    }),
    /** A handed-back draft that held nothing this review could take is dropped, not shown as restored. */
    dropEmptyDraft: enqueueActions(({ context, event, enqueue }) => {
      if ((event as Extract<ReviewEvent, { type: 'DRAFT_APPLY' }>).payload !== null && !hasUnsavedWork(context)) enqueue.sendTo('draft', { type: 'DISCARD' });
    }),
    /** UI of a row's own upload (the image editor shows its own outcome): 'Image Uploaded' or the reason. */
    showUploaded: (_, _params: { message: string }) => {},
    showUploadError: (_, _params: { message: string }) => {},
    /** A remark was not saved (000 §8: an alert with the detail or 'Some error occured while saving the remark'). */
    showRemarkError: (_, _params: { message: string }) => {},
    loaded: assign(({ context, event }) => {
      const { inspection, registry, options } = (event as unknown as { output: ReviewLoaded }).output;
      return {
        inspection,
        options,
        error: null,
        isCritical: Boolean(inspection.isCritical),
        isDummy: false,
        remarks: {},
        // A recording whose upload a reload cut off may or may not have reached the server: the reviewer decides.
        audioRemarks: Object.fromEntries(
          Object.entries(context.audioRemarks).map(([key, remark]) => [key, remark.status === 'sending' ? { ...remark, status: 'failed' as const } : remark]),
        ),
        store: createModelStore(context.engine.evaluate(inspection, [], registry, options)),
      };
    }),
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({
    carId: input.carId,
    engine: input.engine,
    canEditFn: input.canEdit,
    draftKey: input.draftKey,
    inspection: null,
    store: null,
    options: {},
    error: null,
    // The product's first tab.
    tab: input.engine.config.product.tabs[0],
    isCritical: false,
    isDummy: false,
    remarks: {},
    role: input.role ?? null,
    pendingUpload: null,
    upload: null,
    urls: {},
    audioRemarks: {},
    sentRemarks: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadReview',
        input: ({ context }) => ({ carId: context.carId }),
        onDone: { target: 'open', actions: 'loaded' },
        onError: { target: 'error', actions: assign({ error: ({ event }) => errorDetail(event.error, RETRY_LINE) }) },
      },
    },
    error: {
      tags: 'failed',
      on: { RELOAD: 'loading' },
    },
    // A loaded review: its draft child lives as long as it does (a reload reads the draft again, on the new version).
    open: {
      invoke: {
        id: 'draft',
        src: 'draft',
        // Only the editor keeps a draft; a write takes the review as it stands then (editReview leaves out the
        // CHANGEs of a burst once a write is due).
        input: ({ context, self }) => ({
          key: context.canEditFn(context.inspection!) ? context.draftKey : null,
          version: draftVersion(context.inspection!, context.engine),
          current: () => draftPayload(self.getSnapshot().context),
        }),
      },
      // The restored draft is told back to the draft (it is written again on this version once restored from an offer).
      on: { DRAFT_APPLY: { actions: ['applyDraft', 'draftChanged', 'dropEmptyDraft'] } },
      initial: 'checkingDraft',
      states: {
        checkingDraft: {
          tags: 'loading',
          on: { DRAFT_OPENED: 'ready' },
        },
        ready: {
          tags: 'ready',
          type: 'parallel',
          on: {
            RELOAD: '#review.loading',
            SET_TAB: { actions: assign({ tab: ({ event }) => event.tab }) },
          },
          states: {
            mode: {
              initial: 'deciding',
              states: {
                deciding: {
                  always: [{ guard: 'canEdit', target: 'editing' }, { target: 'readOnly' }],
                },
                readOnly: { tags: 'readOnly' },
                editing: {
                  tags: 'editing',
                  // Submitting is the child's: SUBMIT and the issue popup's events go to it (snapshot.children.submission).
                  invoke: { id: 'submission', src: 'submission', input: ({ context }) => ({ carId: context.inspection!.carId }) },
                  on: {
                    EDIT: { actions: ['applyEdit', 'draftChanged'] },
                    REMARK_TEXT: {
                      actions: [
                        assign({
                          remarks: ({ context, event }) => {
                            const next = { ...context.remarks };
                            if (event.text === '') delete next[event.key];
                            else next[event.key] = event.text;
                            return next;
                          },
                        }),
                        'draftChanged',
                      ],
                    },
                    SET_CRITICAL: { actions: [assign({ isCritical: ({ event }) => event.value }), 'draftChanged'] },
                    SET_DUMMY: { actions: [assign({ isDummy: ({ event }) => event.value }), 'draftChanged'] },
                    // A new recording of a row replaces one not stored yet; the `audioRemarks` region sends it.
                    AUDIO_REMARK: {
                      guard: ({ context, event }) => context.audioRemarks[event.key]?.status !== 'sending',
                      actions: [
                        assign({
                          audioRemarks: ({ context, event }) => ({
                            ...context.audioRemarks,
                            [event.key]: { request: remarkRequest(event.target, { remarkType: 'audio', audio: event.audio }), status: 'waiting', error: null },
                          }),
                        }),
                        'draftChanged',
                      ],
                    },
                    RETRY_AUDIO_REMARK: {
                      guard: ({ context, event }) => context.audioRemarks[event.key]?.status === 'failed',
                      actions: assign({ audioRemarks: ({ context, event }) => withStatus(context.audioRemarks, event.key, 'waiting', null) }),
                    },
                    DISCARD_AUDIO_REMARK: {
                      guard: ({ context, event }) => context.audioRemarks[event.key]?.status === 'failed',
                      actions: [assign({ audioRemarks: ({ context, event }) => without(context.audioRemarks, event.key) }), 'draftChanged'],
                    },
                  },
                },
              },
            },
            registry: {
              initial: 'deciding',
              states: {
                deciding: { always: [{ guard: ({ context }) => modelOf(context)?.registry != null, target: 'done' }, { target: 'loading' }] },
                loading: {
                  invoke: {
                    src: 'loadRegistry',
                    input: ({ context }) => ({ appointmentId: context.inspection!.appointmentId }),
                    onDone: {
                      target: 'done',
                      // Re-evaluated with every edit made meanwhile.
                      actions: enqueueActions(({ context, event, enqueue }) => {
                        const model = modelOf(context);
                        if (event.output && model) enqueue({ type: 'setModel', params: { model: context.engine.evaluate(context.inspection!, model.edits ?? [], event.output, context.options) } });
                      }),
                    },
                    onError: 'done',
                  },
                },
                done: {},
              },
            },
            sync: {
              initial: 'idle',
              states: {
                idle: { on: { REFRESH: 'refreshing' } },
                refreshing: {
                  tags: 'refreshing',
                  invoke: {
                    src: 'refreshInspection',
                    input: ({ context }) => ({ carId: context.carId }),
                    onDone: {
                      target: 'idle',
                      // The server stored an upload on the inspection: rebuild from it with every edit made so far.
                      actions: [
                        { type: 'setModel', params: ({ context, event }) => ({ model: rebuild(context, event.output, modelOf(context)?.edits ?? []) }) },
                        assign({ inspection: ({ event }) => event.output }),
                      ],
                    },
                    // Keep the review as it is.
                    onError: 'idle',
                  },
                },
              },
            },
            uploads: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    UPLOAD: [
                      // A request the review would not upload (read-only, or no such row) is dropped before any message.
                      {
                        guard: and(['canEdit', 'uploadable', 'notAnImage']),
                        actions: [
                          assign({ upload: ({ event }) => ({ key: event.request.key, url: null, error: NOT_AN_IMAGE }) }),
                          { type: 'showUploadError', params: { message: NOT_AN_IMAGE } },
                        ],
                      },
                      {
                        guard: and(['canEdit', 'uploadable']),
                        target: 'uploading',
                        actions: assign({ pendingUpload: ({ event }) => event.request, upload: null }),
                      },
                    ],
                  },
                },
                uploading: {
                  tags: 'uploading',
                  invoke: {
                    src: 'uploadImage',
                    input: ({ context }) => ({
                      file: context.pendingUpload!.file,
                      // The row as the review holds it now: its value is the one the reviewer sees in the field.
                      fields: uploadFields(context.pendingUpload!, rowOf(context, context.pendingUpload!.key)!, context.inspection!, context.role, dayjs().format('YYYY-MM-DD HH:mm:ss')),
                    }),
                    onDone: {
                      target: 'idle',
                      actions: [
                        assign(({ context, event }) => {
                          const request = context.pendingUpload!;
                          const key = request.key;
                          return {
                            upload: { key, url: event.output.url, error: null },
                            urls: request.kind === 'editedImage' ? { ...context.urls, [key]: event.output.url } : context.urls,
                          };
                        }),
                        enqueueActions(({ context, enqueue }) => {
                          const request = context.pendingUpload!;
                          // A masked picture marks its row (isValidate 5): an edit like any other, applied and kept in the draft.
                          if (request.kind === 'editedImage' && request.pointerCount > 0) {
                            enqueue.raise({ type: 'EDIT', edit: { type: 'mask', key: request.key, masked: true } });
                          }
                          if (request.kind === 'rowImage') enqueue({ type: 'showUploaded', params: { message: IMAGE_UPLOADED } });
                          // The server stored the image on the inspection: rebuild from it, keeping the edits.
                          enqueue.raise({ type: 'REFRESH' });
                        }),
                        assign({ pendingUpload: null }),
                      ],
                    },
                    onError: {
                      target: 'idle',
                      actions: [
                        assign(({ context, event }) => ({
                          upload: { key: context.pendingUpload!.key, url: null, error: errorDetail(event.error, RETRY_LINE) },
                        })),
                        enqueueActions(({ context, enqueue }) => {
                          if (context.pendingUpload!.kind === 'rowImage') enqueue({ type: 'showUploadError', params: { message: context.upload!.error! } });
                        }),
                        assign({ pendingUpload: null }),
                      ],
                    },
                  },
                },
              },
            },
            audioRemarks: {
              initial: 'idle',
              states: {
                idle: {
                  always: {
                    guard: ({ context }) => sendingNext(context) !== null,
                    target: 'sending',
                    actions: assign({ audioRemarks: ({ context }) => withStatus(context.audioRemarks, sendingNext(context)!, 'sending', null) }),
                  },
                },
                sending: {
                  invoke: {
                    src: 'uploadAudioRemark',
                    input: ({ context }) => context.audioRemarks[sending(context)].request,
                    onDone: {
                      target: 'idle',
                      actions: enqueueActions(({ context, event, enqueue }) => {
                        const key = sending(context);
                        const { request } = context.audioRemarks[key];
                        // The server's entry (with the recording's url), or one recorded here when it answers none.
                        const entry: RemarkEntry = event.output?.timestamp
                          ? event.output
                          : { id: `local-${key}-${Date.now()}`, user: request.user, role: request.role, type: 'audio', remark: AUDIO_REMARK_TEXT, timestamp: Math.floor(Date.now() / 1000) };
                        enqueue.assign({
                          audioRemarks: without(context.audioRemarks, key),
                          sentRemarks: { ...context.sentRemarks, [key]: [...(context.sentRemarks[key] ?? []), entry] },
                        });
                        // The row has a remark now: an edit like any other, applied and kept in the draft.
                        enqueue.raise({ type: 'EDIT', edit: { type: 'remark', key, remark: AUDIO_REMARK_TEXT } });
                      }),
                    },
                    onError: {
                      target: 'idle',
                      actions: enqueueActions(({ context, event, enqueue }) => {
                        const message = remarkSaveError(event.error);
                        enqueue.assign({ audioRemarks: withStatus(context.audioRemarks, sending(context), 'failed', message) });
                        enqueue({ type: 'showRemarkError', params: { message } });
                      }),
                    },
                  },
                },
              },
            },
            outcome: {
              initial: 'open',
              states: {
                open: {
                  // The review is stored on the server: its draft has nothing left to keep.
                  on: { SUBMITTED: { target: 'submitted', actions: sendTo('draft', { type: 'SUBMITTED' }) } },
                },
                submitted: { tags: 'submitted' },
              },
            },
          },
        },
      },
    },
  },
});

export type ReviewActorRef = ActorRefFrom<typeof reviewMachine>;

/**
 * A reviewer's edit, as EDIT makes it (only while editing; the draft is told) but straight into the review's model
 * store rather than as an event: an event's trip through the machine (the six regions of `ready`, a new snapshot,
 * every selector on it) was ~0.3 ms of a keystroke in Chromium, as much as the engine's edit and React's render of
 * the row together, and telling the draft ~0.12 ms more, now left out while a write is due (it reads the review then).
 * Nothing else of the review changes with an edit: the rows and whatever reads the model hear it from the store.
 */
export function editReview(actor: ReviewActorRef, edit: Edit): void {
  const snapshot = actor.getSnapshot();
  if (!snapshot.hasTag('editing')) return;
  applyTo(snapshot.context, edit);
  const draft = snapshot.children.draft;
  if (draft && !writeIsDue(draft.getSnapshot())) draft.send({ type: 'CHANGE', payload: draftPayload(snapshot.context) });
}
