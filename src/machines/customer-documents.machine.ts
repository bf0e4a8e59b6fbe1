/**
 * Customer document verification popup (spec 000 §4 'Customer document verification', §7 getRcInsuranceDocs
 * and the approval PUT, §8 '{STATUS} failed'). Each pre-inspection image is approved or rejected; RC images need
 * an RC type first; Confirm (`snapshot.can({ type: 'CONFIRM' })`) only once every image is actioned.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApproveDocumentRequest, CustomerDocImage, CustomerDocuments, DocType, LoadDocumentsRequest, QcAction, RcType } from '../api/docs.ts';

export const RC_TYPES: readonly RcType[] = ['Original', 'Duplicate', 'Photocopy', 'Lost'];

export interface CustomerDocumentsInput extends LoadDocumentsRequest {
  user: string;
}

/** An image in the popup: the loaded fields plus the reviewer's decision so far. */
export interface DocImageState extends Omit<CustomerDocImage, 'qcAction'> {
  qcAction: QcAction | null;
}

export type CustomerDocumentsEvent =
  | { type: 'SET_RC_TYPE'; rcType: RcType }
  | { type: 'SET_ACTION'; docType: DocType; index: number; qcAction: QcAction }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' };

interface CustomerDocumentsContext extends CustomerDocumentsInput {
  rcImages: DocImageState[];
  insuranceImages: DocImageState[];
  rcType: RcType | null;
  /** Document types still to send in this confirmation, in order. */
  queue: DocType[];
  loadError: unknown;
}

export const DOCUMENTS_CONFIRMED = 'Images uploaded successfully';

function asQcAction(value: unknown): QcAction | null {
  return value === 'APPROVED' || value === 'REJECTED' ? value : null;
}

function asRcType(value: unknown): RcType | null {
  return RC_TYPES.find((type) => type === value) ?? null;
}

function toState(images: CustomerDocImage[] | null | undefined): DocImageState[] {
  return (images ?? []).map((image) => ({ ...image, qcAction: asQcAction(image.qcAction) }));
}

function imagesOf(context: CustomerDocumentsContext, docType: DocType): DocImageState[] {
  return docType === 'rc' ? context.rcImages : context.insuranceImages;
}

/** Confirm is possible when there is something to confirm, every image is actioned and RC images have an RC type. */
export function allActioned(context: Pick<CustomerDocumentsContext, 'rcImages' | 'insuranceImages' | 'rcType'>): boolean {
  const images = [...context.rcImages, ...context.insuranceImages];
  if (images.length === 0) return false;
  if (context.rcImages.length > 0 && context.rcType === null) return false;
  return images.every((image) => image.qcAction !== null);
}

export function approvalRequest(context: CustomerDocumentsContext, docType: DocType): ApproveDocumentRequest {
  const images = imagesOf(context, docType);
  return {
    appointmentId: context.appointmentId,
    docType,
    user: context.user,
    rcType: docType === 'rc' ? context.rcType : null,
    status: images.every((image) => image.qcAction === 'APPROVED') ? 'VERIFIED' : 'UNVERIFIED',
    images: images.map((image) => ({
      imageTitle: image.imageTitle,
      ...(image.type === undefined ? {} : { type: image.type }),
      qcAction: image.qcAction as QcAction,
    })),
  };
}

export const customerDocumentsMachine = setup({
  types: {
    context: {} as CustomerDocumentsContext,
    events: {} as CustomerDocumentsEvent,
    input: {} as CustomerDocumentsInput,
    tags: {} as 'loading' | 'loadFailed' | 'busy' | 'confirmed',
  },
  actors: {
    loadDocuments: fromPromise<CustomerDocuments, LoadDocumentsRequest>(async () => {
      throw new Error('loadDocuments actor not provided');
    }),
    approveDocument: fromPromise<unknown, ApproveDocumentRequest>(async () => {
      throw new Error('approveDocument actor not provided');
    }),
  },
  actions: {
    showSuccess: (_, _params: { message: string }) => {},
    showError: (_, _params: { message: string }) => {},
  },
  guards: {
    canAction: ({ context, event }) => {
      if (event.type !== 'SET_ACTION') return false;
      const images = imagesOf(context, event.docType);
      if (!Number.isInteger(event.index) || event.index < 0 || event.index >= images.length) return false;
      return event.docType !== 'rc' || context.rcType !== null;
    },
    knownRcType: ({ event }) => event.type === 'SET_RC_TYPE' && asRcType(event.rcType) !== null,
    allActioned: ({ context }) => allActioned(context),
    queueDrained: ({ context }) => context.queue.length <= 1,
  },
}).createMachine({
  id: 'customerDocuments',
  context: ({ input }) => ({ ...input, rcImages: [], insuranceImages: [], rcType: null, queue: [], loadError: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadDocuments',
        input: ({ context }) => ({ appointmentId: context.appointmentId, leadToken: context.leadToken }),
        onDone: {
          target: 'ready',
          actions: assign({
            rcImages: ({ event }) => toState(event.output.preRcImages),
            insuranceImages: ({ event }) => toState(event.output.preInsuranceImages),
            rcType: ({ event }) => asRcType(event.output.rcType),
            loadError: null,
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => event.error }) },
      },
    },
    loadFailed: {
      tags: 'loadFailed',
      on: { RETRY: 'loading' },
    },
    ready: {
      on: {
        SET_RC_TYPE: { guard: 'knownRcType', actions: assign({ rcType: ({ event }) => event.rcType }) },
        SET_ACTION: {
          guard: 'canAction',
          actions: assign(({ context, event }) => {
            const update = (images: DocImageState[]) =>
              images.map((image, index) => (index === event.index ? { ...image, qcAction: event.qcAction } : image));
            return event.docType === 'rc'
              ? { rcImages: update(context.rcImages) }
              : { insuranceImages: update(context.insuranceImages) };
          }),
        },
        CONFIRM: {
          guard: 'allActioned',
          target: 'sending',
          actions: assign({
            queue: ({ context }) => (['rc', 'insurance'] as const).filter((docType) => imagesOf(context, docType).length > 0),
          }),
        },
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        src: 'approveDocument',
        input: ({ context }) => approvalRequest(context, context.queue[0]),
        onDone: [
          {
            guard: 'queueDrained',
            target: 'confirmed',
            actions: [assign({ queue: [] }), { type: 'showSuccess', params: { message: DOCUMENTS_CONFIRMED } }],
          },
          { target: 'sending', reenter: true, actions: assign({ queue: ({ context }) => context.queue.slice(1) }) },
        ],
        onError: {
          target: 'ready',
          actions: [
            {
              type: 'showError',
              params: ({ context }) => ({ message: `${approvalRequest(context, context.queue[0]).status} failed` }),
            },
            assign({ queue: [] }),
          ],
        },
      },
    },
    confirmed: { tags: 'confirmed', type: 'final' },
  },
});
