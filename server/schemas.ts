import { errorSchema } from './errors.ts';

/** Error answers every guarded route may give, for the OpenAPI document. */
export const guardedErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;

export const email = { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' } as const;
export const ymd = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
export const idParam = {
  type: 'object',
  // Ids are PostgreSQL integers (int4).
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id'],
} as const;
/** `utm_source=qc` rides on every call (spec 000 §7); accepted and ignored. */
export const utm = { utm_source: { type: 'string', maxLength: 50 } } as const;

/** `{ detail: … }` answers. */
export const detailOf = (schema: object) => ({ type: 'object', properties: { detail: schema }, required: ['detail'] }) as const;
export const anyObject = { type: 'object', additionalProperties: true } as const;

/** Appointment ids as the seed and the registry route accept them. */
export const appointmentIdSchema = { type: 'string', pattern: '^[0-9A-Za-z-]{1,30}$' } as const;
/** `?appointmentId=` (with the usual utm_source), for the calls that read one appointment. */
export const appointmentQuery = { type: 'object', properties: { ...utm, appointmentId: appointmentIdSchema }, required: ['appointmentId'] } as const;
export const leadTokenSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;
