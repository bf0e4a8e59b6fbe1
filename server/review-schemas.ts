/**
 * Request schemas of the review calls, derived from a product's config (issue 10 'Schemas derive from the engine's
 * section and field lists'): the sections, statuses and isValidate codes a body may name are the ones the product
 * declares, so a product that adds a section needs no schema edit here.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { ReviewConfig } from '../src/engine/config.ts';
import { getProduct } from '../src/products/registry.ts';
import { plainSchemaFailure } from '../src/engine/validation-text.ts';
import { REMARK_MAX_LENGTH } from '../src/engine/limits.ts';
import { badRequest } from './errors.ts';
import { keyedMap } from './safe-input.ts';

/** The config version a submission names (issue 17): an id, null for the JSON in src/config, absent for the active one. */
const configVersionSchema = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 } as const;

/** The section whose submission result is the issue types (the engine's summary section). */
const SUMMARY = 'summary';

const fieldValue = { type: ['string', 'number', 'array', 'null'], items: { type: 'string' } } as const;

/** The product's sections, as a string schema. */
export const sectionSchema = (config: ReviewConfig) => ({ type: 'string', enum: [...config.product.sections] }) as const;

/** A car section, from the car config's section list. */
export const carSectionSchema = sectionSchema(getProduct('car').config);

/** Sections with a comments row (spec 000 §7 `api/comments?section`): the rows of kind 'comments' say where. */
export const commentSectionSchema = (config: ReviewConfig) =>
  ({ type: 'string', enum: [...new Set(config.rows.filter((r) => r.kind === 'comments').map((r) => r.section))] }) as const;

function sectionResult(config: ReviewConfig) {
  const rejectedField = {
    type: 'object',
    properties: {
      title: { type: 'string', maxLength: 500 },
      value: fieldValue,
      message: { type: 'string', maxLength: REMARK_MAX_LENGTH },
      // 0: a bare container of rejected sub-parts; the others are the config's isValidate codes.
      isValidate: { type: 'integer', enum: [...new Set([0, ...Object.values(config.constants.isValidate)])] },
      subParts: keyedMap({ type: 'object' }),
      additionalInfo: { type: 'object', propertyNames: keyedMap({}).propertyNames },
    },
    required: ['title', 'message', 'isValidate'],
  };
  return {
    type: 'object',
    properties: {
      isApproved: { type: 'integer', enum: [0, 1] },
      errorsCount: { type: 'integer', minimum: 0 },
      rejectedFields: keyedMap(rejectedField),
      qcEditableFields: keyedMap({
        type: 'object',
        properties: { title: { type: 'string', maxLength: 500 }, value: fieldValue, id: { type: ['string', 'number', 'null'] } },
        required: ['title'],
      }),
    },
    required: ['isApproved', 'errorsCount', 'rejectedFields', 'qcEditableFields'],
  };
}

/**
 * JSON Schema of the submission payload (spec 000 §3 'Submission payload') of a product: one result per section the
 * product declares, the summary's issue types, and the optional `configVersion` the review was opened on (issue 17).
 */
export function submissionSchema(config: ReviewConfig) {
  const result = sectionResult(config);
  const sections = config.product.sections.filter((s) => s !== SUMMARY);
  return {
    type: 'object',
    properties: {
      carId: { type: 'integer', minimum: 1 },
      version: { type: 'integer', minimum: 0 },
      role: { type: 'string', enum: ['qc'] },
      inspectionStatus: { type: 'string', enum: [...config.product.statuses] },
      reviewStartTime: { type: 'string', minLength: 10, maxLength: 40 },
      reviewEndTime: { type: 'string', minLength: 10, maxLength: 40 },
      client: { type: 'string', enum: ['web'] },
      isCritical: { type: 'integer', enum: [0, 1] },
      otherComments: {
        type: 'object',
        properties: { title: { type: 'string', maxLength: 200 }, lines: { type: 'array', items: { type: 'string', maxLength: 1000 }, maxItems: 100 } },
        required: ['title', 'lines'],
      },
      isDummyInspection: { type: 'integer', enum: [0, 1] },
      isApprovedByQc: { type: 'integer', enum: [0, 1] },
      sections: {
        type: 'object',
        properties: {
          ...Object.fromEntries(sections.map((s) => [s, result])),
          [SUMMARY]: {
            type: 'object',
            properties: { issueType: { type: 'array', items: { type: 'integer', minimum: 0 }, maxItems: 50 } },
            required: ['issueType'],
          },
        },
        required: [SUMMARY],
        additionalProperties: false,
      },
      configVersion: configVersionSchema,
    },
    required: [
      'carId', 'version', 'role', 'inspectionStatus', 'reviewStartTime', 'reviewEndTime', 'client',
      'isCritical', 'otherComments', 'isDummyInspection', 'isApprovedByQc', 'sections',
    ],
  };
}

/**
 * The route's own body schema: what every version of the product's config agrees on (an object naming its config
 * version). The rest depends on the version the review runs (its sections, statuses, isValidate codes), so the
 * service checks the body against `submissionSchema` of that version (`checkSubmissionBody`) before it runs.
 */
export const submissionEnvelope = {
  type: 'object',
  properties: { configVersion: configVersionSchema, sections: { type: 'object' } },
  required: ['sections'],
} as const;

/** Ajv as Fastify's route validation is set up in app.ts, so a body is coerced and refused the same way. */
const ajv = new Ajv({ allErrors: false, coerceTypes: 'array', removeAdditional: false, useDefaults: true, allowUnionTypes: true });

/** Versions are never edited once stored: a compiled schema stays valid. A few are kept, the oldest dropped first. */
const VALIDATORS_KEPT = 8;
const validators = new Map<string, ValidateFunction>();

function submissionValidator(product: string, version: number | null, config: ReviewConfig): ValidateFunction {
  const key = `${product}:${version ?? 'seed'}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(submissionSchema(config));
    if (validators.size >= VALIDATORS_KEPT) validators.delete(validators.keys().next().value as string);
    validators.set(key, validate);
  } else {
    // Most recently used last, so the one dropped is the least recently used.
    validators.delete(key);
    validators.set(key, validate);
  }
  return validate;
}

/**
 * Checks a submission body against the schema of the product config version the review runs (built once per
 * product and version); a failure is a 400 naming the field in words, as a route schema's is.
 */
export function checkSubmissionBody(productId: string, product: { version: number | null; config: ReviewConfig }, body: unknown): void {
  const validate = submissionValidator(productId, product.version, product.config);
  if (!validate(body)) {
    const [first] = validate.errors ?? [];
    throw badRequest(first ? plainSchemaFailure(first) : 'The request is not valid.');
  }
}
