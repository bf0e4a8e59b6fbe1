/**
 * Request schemas of the review calls, derived from a product's config (issue 10 'Schemas derive from the engine's
 * section and field lists'): the sections, statuses and isValidate codes a body may name are the ones the product
 * declares, so a product that adds a section needs no schema edit here.
 */
import type { ReviewConfig } from '../src/engine/config.ts';
import { keyedMap } from './safe-input.ts';

/** The section whose submission result is the issue types (the engine's summary section). */
const SUMMARY = 'summary';

const fieldValue = { type: ['string', 'number', 'array', 'null'], items: { type: 'string' } } as const;

/** The product's sections, as a string schema. */
export const sectionSchema = (config: ReviewConfig) => ({ type: 'string', enum: [...config.product.sections] }) as const;

/** Sections with a comments row (spec 000 §7 `api/comments?section`): the rows of kind 'comments' say where. */
export const commentSectionSchema = (config: ReviewConfig) =>
  ({ type: 'string', enum: [...new Set(config.rows.filter((r) => r.kind === 'comments').map((r) => r.section))] }) as const;

function sectionResult(config: ReviewConfig) {
  const rejectedField = {
    type: 'object',
    properties: {
      title: { type: 'string', maxLength: 500 },
      value: fieldValue,
      message: { type: 'string', maxLength: 2000 },
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
      configVersion: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    },
    required: [
      'carId', 'version', 'role', 'inspectionStatus', 'reviewStartTime', 'reviewEndTime', 'client',
      'isCritical', 'otherComments', 'isDummyInspection', 'isApprovedByQc', 'sections',
    ],
  };
}
