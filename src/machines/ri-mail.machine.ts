/**
 * The RI Changes 'Send Mail' popup (spec 000 §5 'Re-inspection e-mail', §7 `POST reinspection-send-email`, §8).
 * Recipients start as the three fixed QC mailboxes plus the inspection's RA and regional-department e-mails.
 */
import { assign, fromPromise, setup } from 'xstate';
import riMailConfig from '../config/ri-mail.json';
import type { RiMailRequest } from '../api/review.ts';

export interface RiMailInput {
  carId: number;
  version: number;
  raEmail?: string | null;
  regionDepartmentEmail?: string | null;
}

export type RiMailEvent =
  | { type: 'ADD_RECIPIENT'; email: string }
  | { type: 'REMOVE_RECIPIENT'; email: string }
  | { type: 'SET_RECIPIENTS'; emails: string[] }
  | { type: 'SEND' };

interface RiMailContext {
  carId: number;
  version: number;
  recipients: string[];
}

export const NO_RECIPIENTS_ALERT = 'Please select recipients';
export const MAIL_SENT = 'Email Sent!';
export const MAIL_FAILED = 'Email send issue';

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email);
}

/** Trimmed, blanks dropped, repeats (case-insensitive) dropped, first spelling kept. */
export function normaliseRecipients(emails: readonly (string | null | undefined)[]): string[] {
  const out: string[] = [];
  for (const raw of emails) {
    const email = (raw ?? '').trim();
    if (email && !out.some((kept) => kept.toLowerCase() === email.toLowerCase())) out.push(email);
  }
  return out;
}

/** The proposed recipients (000 §5): the fixed QC mailboxes, then the RA and regional-department e-mails when known. */
export function defaultRecipients(input: Pick<RiMailInput, 'raEmail' | 'regionDepartmentEmail'>): string[] {
  return normaliseRecipients([...riMailConfig.defaultRecipients, input.raEmail, input.regionDepartmentEmail]);
}

/** At least one recipient and every address valid (000 §5). */
export function recipientsValid(recipients: readonly string[]): boolean {
  return recipients.length > 0 && recipients.every(isValidEmail);
}

export const riMailMachine = setup({
  types: {
    context: {} as RiMailContext,
    events: {} as RiMailEvent,
    input: {} as RiMailInput,
    tags: {} as 'busy',
  },
  actors: {
    sendRiMail: fromPromise<unknown, RiMailRequest>(async () => {
      throw new Error('sendRiMail actor not provided');
    }),
  },
  actions: {
    showAlert: (_, _params: { message: string }) => {},
    showSuccess: (_, _params: { message: string }) => {},
    showError: (_, _params: { message: string }) => {},
  },
  guards: {
    recipientsValid: ({ context }) => recipientsValid(context.recipients),
  },
}).createMachine({
  id: 'riMail',
  context: ({ input }) => ({ carId: input.carId, version: input.version, recipients: defaultRecipients(input) }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        ADD_RECIPIENT: {
          actions: assign({ recipients: ({ context, event }) => normaliseRecipients([...context.recipients, event.email]) }),
        },
        REMOVE_RECIPIENT: {
          actions: assign({
            recipients: ({ context, event }) =>
              context.recipients.filter((email) => email.toLowerCase() !== event.email.trim().toLowerCase()),
          }),
        },
        SET_RECIPIENTS: { actions: assign({ recipients: ({ event }) => normaliseRecipients(event.emails) }) },
        SEND: [
          { guard: 'recipientsValid', target: 'sending' },
          { actions: { type: 'showAlert', params: { message: NO_RECIPIENTS_ALERT } } },
        ],
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        src: 'sendRiMail',
        input: ({ context }) => ({ carId: context.carId, version: context.version, to: context.recipients.join(',') }),
        onDone: { target: 'editing', actions: { type: 'showSuccess', params: { message: MAIL_SENT } } },
        onError: { target: 'editing', actions: { type: 'showError', params: { message: MAIL_FAILED } } },
      },
    },
  },
});
