// Issue 10: the review calls' request schemas follow the product config's section and field lists.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { ReviewConfig } from '../../src/engine/config.ts';
import { getProduct } from '../../src/products/registry.ts';
import { checkSubmissionBody, commentSectionSchema, sectionSchema, submissionSchema } from '../../server/review-schemas.ts';
import { submission } from './support/harness.ts';

const car = getProduct('car').config;
const ajv = new Ajv({ allowUnionTypes: true, strict: false });

describe('submission schema from the product config', () => {
  it("names one result per section of the car config's product declaration, and the summary's issue types", () => {
    const sections = submissionSchema(car).properties.sections;
    expect(Object.keys(sections.properties)).toEqual(car.product.sections);
    expect(ajv.validate(submissionSchema(car), submission(7, 1, { reject: true }))).toBe(true);
  });

  it('refuses a section the product does not declare, and an isValidate code outside the config', () => {
    const validate = ajv.compile(submissionSchema(car));
    const body = submission(7, 1);
    expect(validate({ ...body, sections: { ...body.sections, bikeDetails: body.sections.carDetails } })).toBe(false);
    const bad = submission(7, 1, { reject: true });
    bad.sections.carDetails.rejectedFields.registrationNumber!.isValidate = 3;
    expect(validate(bad)).toBe(false);
  });

  it('a product that declares another section accepts its results with no schema edit', () => {
    const wider: ReviewConfig = { ...car, product: { ...car.product, sections: [...car.product.sections, 'roadTest'] } };
    const body = submission(7, 1);
    const withRoadTest = { ...body, sections: { ...body.sections, roadTest: body.sections.carDetails } };
    expect(ajv.validate(submissionSchema(wider), withRoadTest)).toBe(true);
    expect(ajv.validate(submissionSchema(car), withRoadTest)).toBe(false);
  });

  it('configVersion is optional: a version id or null (issue 17)', () => {
    const validate = ajv.compile(submissionSchema(car));
    for (const configVersion of [3, null]) expect(validate({ ...submission(7, 1), configVersion })).toBe(true);
    for (const configVersion of [0, '3', 2.5]) expect(validate({ ...submission(7, 1), configVersion })).toBe(false);
  });
});

describe('the submission body per product and config version (issue 10)', () => {
  const wider: ReviewConfig = { ...car, product: { ...car.product, sections: [...car.product.sections, 'roadTest'] } };
  const body = submission(7, 1);
  const withRoadTest = { ...body, sections: { ...body.sections, roadTest: body.sections.carDetails } };

  it("is checked against the version the review runs: a version's new section passes, the seed refuses it with a sentence", () => {
    expect(() => checkSubmissionBody('car', { version: 41, config: wider }, structuredClone(withRoadTest))).not.toThrow();
    expect(() => checkSubmissionBody('car', { version: null, config: car }, structuredClone(withRoadTest))).toThrow(
      expect.objectContaining({ statusCode: 400, detail: 'The request has a field the server does not accept.' }),
    );
    expect(() => checkSubmissionBody('car', { version: null, config: car }, structuredClone(body))).not.toThrow();
  });

  it('is built once per product and version (a stored version never changes)', () => {
    checkSubmissionBody('car', { version: 42, config: wider }, structuredClone(withRoadTest));
    // Same product and version: the schema built for it answers, whatever config object is handed in again.
    expect(() => checkSubmissionBody('car', { version: 42, config: car }, structuredClone(withRoadTest))).not.toThrow();
    expect(() => checkSubmissionBody('bike', { version: 42, config: car }, structuredClone(withRoadTest))).toThrow();
  });
});

describe('section schemas from the product config', () => {
  it("a section is one of the product's sections", () => {
    expect(sectionSchema(car).enum).toEqual(car.product.sections);
  });

  it('comment options are asked for the sections holding a comments row (spec 000 §7: carDetails, electricalsInterior; exteriorTyres too)', () => {
    expect([...commentSectionSchema(car).enum].sort()).toEqual(['carDetails', 'electricalsInterior', 'exteriorTyres']);
  });
});
