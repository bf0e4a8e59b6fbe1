import { describe, expect, it } from 'vitest';
import { fieldLabel, plainSchemaFailure, plainValidationText, titlesOf } from '../../src/engine/validation-text.ts';

describe('issue 16: schema validation text becomes a plain sentence naming the field', () => {
  it.each([
    ['querystring/appointmentId must match pattern "^[A-Za-z0-9-]{1,40}$"', 'Appointment ID has the wrong format.'],
    ['body/remark must NOT have more than 2000 characters', 'Remark is too long (at most 2000 characters).'],
    ["body must have required property 'carId'", 'Car ID is missing.'],
    ['body/remark must NOT have fewer than 1 characters', 'Remark must not be empty.'],
    ['params/id must be integer', 'Id must be a number.'],
    ['querystring/page must be >= 1', 'Page must be at least 1.'],
    ['body/sections/carDetails/rejectedFields/0/isValidate must be equal to one of the allowed values', 'Is validate is not one of the allowed choices.'],
    ['body must NOT have additional properties', 'The request has a field the server does not accept.'],
    ['querystring/records must be <= 50, querystring/page must be >= 1', 'Records must be at most 50.'],
    ['body/noClaimBonusPercentage must be something new', 'No claim bonus percentage is not valid.'],
  ])('%s → %s', (technical, plain) => {
    expect(plainValidationText(technical)).toBe(plain);
  });

  it("leaves the server's own sentences alone", () => {
    expect(plainValidationText('Inspection 77 not found')).toBeNull();
    expect(plainValidationText('Only the assignee can submit this inspection')).toBeNull();
  });

  it('the structured failure keeps field names the joined text cannot (spaces, escaped slashes); the server answers with it (issue 11)', () => {
    expect(plainSchemaFailure({ instancePath: '/displayFields/Airbag Count', message: 'must be >= 1' })).toBe('Airbag count must be at least 1.');
    expect(plainSchemaFailure({ instancePath: '/parts/front~1rear', message: 'must be string' })).toBe('Front/rear must be text.');
    expect(plainSchemaFailure({ instancePath: '', message: "must have required property 'carId'" })).toBe('Car ID is missing.');
    expect(plainSchemaFailure({ instancePath: '/sections/0/remark', message: 'must NOT have more than 20 characters' })).toBe('Remark is too long (at most 20 characters).');
  });

  it("names a field by its form schema's title where it has one, never by an inherited property", () => {
    const titles = titlesOf({ properties: { description: { type: 'string', title: 'Video Message' }, configName: { type: 'string' } } });
    expect(plainSchemaFailure({ instancePath: '/description', message: 'must NOT have more than 1000 characters' }, titles)).toBe('Video Message is too long (at most 1000 characters).');
    expect(plainSchemaFailure({ instancePath: '', message: "must have required property 'description'" }, titles)).toBe('Video Message is missing.');
    expect(plainSchemaFailure({ instancePath: '/configName', message: 'must match pattern "^x$"' }, titles)).toBe('Config name has the wrong format.');
    expect(plainSchemaFailure({ instancePath: '/__proto__', message: 'must be string' }, titles)).toBe('Proto must be text.');
    expect(plainSchemaFailure({ instancePath: '/constructor', message: 'must be string' }, titles)).toBe('Constructor must be text.');
  });

  it('labels fields in words', () => {
    expect(fieldLabel('storeCityId[]')).toBe('City');
    expect(fieldLabel('registration_number')).toBe('Registration number');
  });
});
