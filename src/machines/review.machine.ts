/**
 * One review of one inspection (issue 10 'Flows are machines', issue 16 'Never lose work'), for any review product:
 * the product's engine comes in the input. Loading → (error | ready); ready runs five regions side by side:
 * `mode` (readOnly or editing: only the editor's edits reach `engine.apply`), `registry` (registry data `loadReview`
 * did not bring is loaded after the rows show, then the model is re-evaluated with it), `sync` (idle or refreshing the
 * inspection after an upload, keeping the edits), `uploads` (idle or uploading an image: the `uploadImage` actor, then
 * a masked picture's mask edit and a refresh) and `draft` (what the reviewer did, written to the draft store within
 * DRAFT_DELAY_MS of a change, never in the keystroke's own task).
 *
 * A draft of the same inspection and config version is applied on load ('restored'); one made on another version is
 * only offered ('offered') until RESTORE_DRAFT. Submitting is the submission machine, a child of `editing`; its
 * success (SUBMITTED) clears the draft.
 */
import { assign, enqueueActions, fromPromise, sendParent, setup } from 'xstate';
import dayjs from 'dayjs';
import type { ReviewEngine } from '../engine/model.ts';
import type { InspectionDetail, RegistryData } from '../products/car/inspection.ts';
import type { Edit, EvaluateOptions, ReviewModel, RowState, Tab } from '../engine/types.ts';
import type { ReviewDraft } from '../api/drafts.ts';
import { errorDetail } from './error-detail.ts';
import { configFingerprint, DRAFT_DELAY_MS, type DraftNotice } from './review-draft.machine.ts';
import { submissionMachine } from './submission.machine.ts';
import type { ImageUploadFields } from '../api/review.ts';

export { DRAFT_DELAY_MS, type DraftNotice };

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
  | { kind: 'rowImage'; row: RowState; file: Blob & { name?: string } }
  | { kind: 'editedImage'; row: RowState; file: Blob; pointerCount: number; isTilted: boolean };

/** How the last upload ended, for the row or editor that asked: the stored url, or the sentence to show. */
export interface UploadResult {
  key: string;
  url: string | null;
  error: string | null;
}

export const IMAGE_UPLOADED = 'Image Uploaded';
export const NOT_AN_IMAGE = 'Only image files can be uploaded';

/** The fields of `POST v2/image` for an upload of this inspection (pure: the machine's actor input). */
export function uploadFields(request: UploadRequest, inspection: InspectionDetail, role: string | null, uploadTime: string): ImageUploadFields {
  const { row } = request;
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

export interface ReviewContext {
  carId: string;
  engine: ReviewEngine;
  canEditFn: (inspection: InspectionDetail) => boolean;
  draftKey: string | null;
  inspection: InspectionDetail | null;
  model: ReviewModel | null;
  options: EvaluateOptions;
  error: string | null;
  tab: Tab;
  isCritical: boolean;
  isDummy: boolean;
  /** Remark text typed and not sent, by row key: survives the row scrolling away and tab changes. */
  remarks: Record<string, string>;
  draftNotice: DraftNotice;
  /** A draft of another inspection or config version, waiting for RESTORE_DRAFT. */
  offeredDraft: ReviewDraft | null;
  /** A change arrived while the draft was being written: write again. */
  draftDirty: boolean;
  role: string | null;
  /** The upload in flight, and how the last one ended. */
  pendingUpload: UploadRequest | null;
  upload: UploadResult | null;
  /** Urls of pictures edited in this review, by row key (shown until the refreshed inspection carries them). */
  urls: Record<string, string>;
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
  | { type: 'RESTORE_DRAFT' }
  | { type: 'DISCARD_DRAFT' }
  | { type: 'SUBMITTED' };

/** The fingerprint of the engine's config: a draft made with other rows or rules is not applied silently. */
export const configVersion = (engine: ReviewEngine): string => configFingerprint(engine.config);

/** The inspection state a draft belongs to: another version or status (re-opened, submitted) is another review. */
export function inspectionVersion(inspection: InspectionDetail): string {
  return `${inspection.carId}:${inspection.version}:${inspection.inspectionStatus}`;
}

/** The reviewer has done something the server does not have yet (edits, unsent remark text, the toggles). */
export function hasUnsubmittedWork(context: ReviewContext): boolean {
  return (context.model?.edits?.length ?? 0) > 0 || Object.values(context.remarks).some((t) => t.trim() !== '') || context.isCritical || context.isDummy;
}

function rebuild(context: ReviewContext, inspection: InspectionDetail, edits: readonly Edit[]): ReviewModel {
  return context.engine.evaluate(inspection, edits, context.model?.registry ?? null, context.options);
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

export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as ReviewMachineInput,
    children: {} as { submission: 'submission' },
    tags: {} as 'loading' | 'ready' | 'editing' | 'readOnly' | 'refreshing' | 'failed' | 'unsaved' | 'submitted' | 'uploading',
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
    loadDraft: fromPromise<ReviewDraft | null, { key: string }>(async () => null),
    /** Writes the draft, or removes it when `draft` is null (nothing left to keep). */
    saveDraft: fromPromise<void, { key: string; draft: ReviewDraft | null }>(async () => undefined),
    clearDraft: fromPromise<void, { key: string }>(async () => undefined),
    submission: reviewSubmission,
  },
  guards: {
    canEdit: ({ context }) => context.inspection !== null && context.canEditFn(context.inspection),
    keepsDrafts: ({ context }) => context.draftKey !== null,
    draftDirty: ({ context }) => context.draftDirty,
  },
  actions: {
    applyEdit: assign({
      model: ({ context, event }) => (event.type === 'EDIT' && context.model ? context.engine.apply(context.model, event.edit) : context.model),
    }),
    markDirty: assign({ draftDirty: true }),
    /** UI of a row's own upload (the image editor shows its own outcome): 'Image Uploaded' or the reason. */
    showUploaded: (_, _params: { message: string }) => {},
    showUploadError: (_, _params: { message: string }) => {},
    loaded: assign(({ context, event }) => {
      const { inspection, registry, options } = (event as unknown as { output: ReviewLoaded }).output;
      return {
        inspection,
        options,
        error: null,
        isCritical: Boolean(inspection.isCritical),
        isDummy: false,
        remarks: {},
        model: context.engine.evaluate(inspection, [], registry, options),
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
    model: null,
    options: {},
    error: null,
    // The product's first tab.
    tab: input.engine.config.product.tabs[0],
    isCritical: false,
    isDummy: false,
    remarks: {},
    draftNotice: null,
    offeredDraft: null,
    draftDirty: false,
    role: input.role ?? null,
    pendingUpload: null,
    upload: null,
    urls: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadReview',
        input: ({ context }) => ({ carId: context.carId }),
        onDone: [
          { guard: ({ context, event }) => context.draftKey !== null && context.canEditFn(event.output.inspection), target: 'checkingDraft', actions: 'loaded' },
          { target: 'ready', actions: 'loaded' },
        ],
        onError: { target: 'error', actions: assign({ error: ({ event }) => errorDetail(event.error, 'Something went wrong, please try again') }) },
      },
    },
    error: {
      tags: 'failed',
      on: { RELOAD: 'loading' },
    },
    checkingDraft: {
      tags: 'loading',
      invoke: {
        src: 'loadDraft',
        input: ({ context }) => ({ key: context.draftKey! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const draft = event.output;
            if (!draft || (draft.edits.length === 0 && Object.keys(draft.remarks).length === 0 && !draft.isCritical && !draft.isDummy)) return {};
            const inspection = context.inspection!;
            if (draft.inspectionVersion !== inspectionVersion(inspection) || draft.configVersion !== configVersion(context.engine)) {
              return { draftNotice: 'offered' as const, offeredDraft: draft };
            }
            return {
              draftNotice: 'restored' as const,
              model: rebuild(context, inspection, draft.edits as Edit[]),
              remarks: draft.remarks,
              isCritical: draft.isCritical,
              isDummy: draft.isDummy,
            };
          }),
        },
        // An unreadable draft store keeps no draft: the review goes on.
        onError: 'ready',
      },
    },
    ready: {
      tags: 'ready',
      type: 'parallel',
      on: {
        RELOAD: { target: 'loading', actions: assign({ draftNotice: null, offeredDraft: null }) },
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
                EDIT: { actions: ['applyEdit', 'markDirty'] },
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
                    'markDirty',
                  ],
                },
                SET_CRITICAL: { actions: [assign({ isCritical: ({ event }) => event.value }), 'markDirty'] },
                SET_DUMMY: { actions: [assign({ isDummy: ({ event }) => event.value }), 'markDirty'] },
                RESTORE_DRAFT: {
                  guard: ({ context }) => context.offeredDraft !== null,
                  actions: [
                    assign(({ context }) => {
                      const draft = context.offeredDraft!;
                      return {
                        model: rebuild(context, context.inspection!, draft.edits as Edit[]),
                        remarks: draft.remarks,
                        isCritical: draft.isCritical,
                        isDummy: draft.isDummy,
                        offeredDraft: null,
                        draftNotice: 'restored' as const,
                      };
                    }),
                    'markDirty',
                  ],
                },
                // Dropping an offered draft keeps what was done since opening; dropping a restored one goes back to the server's.
                DISCARD_DRAFT: [
                  { guard: ({ context }) => context.offeredDraft !== null, actions: [assign({ offeredDraft: null, draftNotice: null }), 'markDirty'] },
                  {
                    actions: [
                      assign(({ context }) => ({
                        model: rebuild(context, context.inspection!, []),
                        remarks: {},
                        isCritical: Boolean(context.inspection!.isCritical),
                        isDummy: false,
                        offeredDraft: null,
                        draftNotice: null,
                      })),
                      'markDirty',
                    ],
                  },
                ],
              },
            },
          },
        },
        registry: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: ({ context }) => context.model?.registry != null, target: 'done' }, { target: 'loading' }] },
            loading: {
              invoke: {
                src: 'loadRegistry',
                input: ({ context }) => ({ appointmentId: context.inspection!.appointmentId }),
                onDone: {
                  target: 'done',
                  // Re-evaluated with every edit made meanwhile.
                  actions: assign(({ context, event }) =>
                    event.output && context.model ? { model: context.engine.evaluate(context.inspection!, context.model.edits ?? [], event.output, context.options) } : {},
                  ),
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
                  actions: assign(({ context, event }) => ({ inspection: event.output, model: rebuild(context, event.output, context.model?.edits ?? []) })),
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
                  {
                    guard: ({ event }) => event.request.kind === 'rowImage' && !event.request.file.type.startsWith('image/'),
                    actions: [
                      assign({ upload: ({ event }) => ({ key: event.request.row.key, url: null, error: NOT_AN_IMAGE }) }),
                      { type: 'showUploadError', params: { message: NOT_AN_IMAGE } },
                    ],
                  },
                  { guard: 'canEdit', target: 'uploading', actions: assign({ pendingUpload: ({ event }) => event.request, upload: null }) },
                ],
              },
            },
            uploading: {
              tags: 'uploading',
              invoke: {
                src: 'uploadImage',
                input: ({ context }) => ({
                  file: context.pendingUpload!.file,
                  fields: uploadFields(context.pendingUpload!, context.inspection!, context.role, dayjs().format('YYYY-MM-DD HH:mm:ss')),
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => {
                      const request = context.pendingUpload!;
                      const key = request.row.key;
                      return {
                        upload: { key, url: event.output.url, error: null },
                        urls: request.kind === 'editedImage' ? { ...context.urls, [key]: event.output.url } : context.urls,
                      };
                    }),
                    enqueueActions(({ context, enqueue }) => {
                      const request = context.pendingUpload!;
                      // A masked picture marks its row (isValidate 5): an edit like any other, applied and kept in the draft.
                      if (request.kind === 'editedImage' && request.pointerCount > 0) {
                        enqueue.raise({ type: 'EDIT', edit: { type: 'mask', key: request.row.key, masked: true } });
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
                      upload: { key: context.pendingUpload!.row.key, url: null, error: errorDetail(event.error, 'Something went wrong, please try again') },
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
        draft: {
          initial: 'clean',
          states: {
            clean: {
              always: { guard: 'draftDirty', target: 'pending' },
            },
            pending: {
              tags: 'unsaved',
              // Not reset by later changes: the first change of a burst is written within DRAFT_DELAY_MS.
              after: { [DRAFT_DELAY_MS]: [{ guard: 'keepsDrafts', target: 'saving' }, { target: 'clean', actions: assign({ draftDirty: false }) }] },
            },
            saving: {
              tags: 'unsaved',
              entry: assign({ draftDirty: false }),
              invoke: {
                src: 'saveDraft',
                input: ({ context }) => ({
                  key: context.draftKey!,
                  draft: hasUnsubmittedWork(context)
                    ? {
                        inspectionVersion: inspectionVersion(context.inspection!),
                        configVersion: configVersion(context.engine),
                        edits: context.model?.edits ?? [],
                        remarks: context.remarks,
                        isCritical: context.isCritical,
                        isDummy: context.isDummy,
                        savedAt: Date.now(),
                      }
                    : null,
                }),
                onDone: 'clean',
                onError: 'clean',
              },
            },
            submitted: {
              tags: 'submitted',
              // The review is stored on the server: nothing left to keep.
              entry: assign({ draftDirty: false, draftNotice: null, offeredDraft: null }),
              invoke: {
                src: 'clearDraft',
                input: ({ context }) => ({ key: context.draftKey ?? '' }),
              },
            },
          },
          on: { SUBMITTED: '.submitted' },
        },
      },
    },
  },
});
