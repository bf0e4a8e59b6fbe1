import { describe, expect, it } from 'vitest';
import { CAR_CONFIG_FILES, carReviewConfig } from '../support/car.ts';
import { ConfigError, type RegistryConfig, type ReviewConfigFile } from '../../src/engine/config.ts';
import { loadConfig, loadProductConfig } from '../../src/engine/config-schema.ts';
import { car } from '../../src/products/car.ts';

const product = { id: 'mini', name: 'Mini', tabs: ['Documents'], sections: ['carDetails'], statuses: ['new', 'done'], widgets: ['select' as const, 'text' as const] };
const minimal = (extra: ReviewConfigFile = {}): ReviewConfigFile => ({
  product,
  rows: [
    { key: 'fuelType', text: 'Fuel Type', section: 'carDetails', tab: 'Documents', mapper: 'documents', path: ['fuelType'], input: { type: 'select', options: { ref: 'fuelTypes' } } },
    { key: 'cngLpgFitment', text: 'CNG/LPG Fitment', section: 'carDetails', tab: 'Documents', mapper: 'documents', path: ['cngLpgFitment'] },
  ],
  constants: { options: { fuelTypes: ['Diesel', 'Petrol'] } },
  ...extra,
});

function errorOf(json: unknown): ConfigError {
  try {
    loadConfig(json);
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('loadConfig accepted the config');
}

describe('the shipped car config', () => {
  it('passes the JSON Schema check and builds to exactly the config the browser runs unchecked', () => {
    expect(loadProductConfig(CAR_CONFIG_FILES, car.schema)).toEqual(carReviewConfig);
  });
});

describe('loadConfig: config errors are caught at load with a message naming the path', () => {
  it('accepts a minimal config', () => {
    expect(loadConfig(minimal()).rows).toHaveLength(2);
  });

  it.each<[string, ReviewConfigFile | Record<string, unknown>, string, string]>([
    ['an unknown effect', minimal({ rules: [{ target: 'cngLpgFitment', effect: 'explode' as 'show', when: true }] }), '/rules/0/effect', 'must be one of show, hide, enable, disable, check, clear, invalid, note, flag, options, upload'],
    ['an unknown operator', minimal({ rules: [{ target: 'cngLpgFitment', effect: 'hide', when: { and: [true, { frob: [1] }] } }] }), '/rules/0/when.and[1]', "unknown operator 'frob'"],
    ['a rule naming an unknown row', minimal({ rules: [{ target: 'nope', effect: 'hide', when: true }] }), '/rules/0/target', "unknown row 'nope'"],
    ['a variable naming an unknown row', minimal({ rules: [{ target: 'cngLpgFitment', effect: 'hide', when: { var: 'fuelTyp' } }] }), '/rules/0/when', 'refers to "fuelTyp", which is not a field of this product'],
    ['a row that is its own parent', minimal({ rows: [minimal().rows![0], { ...minimal().rows![1], parent: 'cngLpgFitment' }] }), '/rows/1/parent', "row 'cngLpgFitment' is its own parent"],
    ['two rows that are each other\'s parent', minimal({ rows: [{ ...minimal().rows![0], parent: 'cngLpgFitment' }, { ...minimal().rows![1], parent: 'fuelType' }] }), '/rows/0/parent', "rows 'fuelType' → 'cngLpgFitment' → 'fuelType' are each other's parents in a loop"],
    ['a duplicate row key', minimal({ rows: [...minimal().rows!, minimal().rows![0]] }), '/rows/2/key', "rows.0 and rows.2 both have the key 'fuelType': give each row its own key"],
    ['two rules with one id', minimal({ rules: [{ id: 'r', target: 'fuelType', effect: 'hide', when: true }, { target: 'fuelType', effect: 'show', when: true }, { id: 'r', target: 'cngLpgFitment', effect: 'hide', when: true }] }), '/rules/2/id', "rules.0 and rules.2 both have the id 'r': give each rule its own id"],
    ['two validations with one id', minimal({ validations: [{ id: 'v', scope: 'form', alert: 'a', when: true }, { id: 'v', scope: 'form', alert: 'b', when: false }] }), '/validations/1/id', "validations.0 and validations.1 both have the id 'v': give each validation its own id"],
    ['a rule reading a context value the product does not have', minimal({ rules: [{ target: 'fuelType', effect: 'hide', when: { '==': [{ var: 'ctx.tenat' }, 'NPDI'] } }] }), '/rules/0/when', 'refers to "ctx.tenat", which is not a context value of this product (ctx.version, ctx.hasWorkflowId, ctx.tenant'],
    ['a row validation reading a misspelt row field', minimal({ validations: [{ id: 'v', scope: 'row', alert: 'a', when: { var: 'row.chcked' } }] }), '/validations/0/when', 'refers to "row.chcked", which this expression cannot read (it reads row.<field>, rows.<row key>.<field>, ctx.<name> or isDummy)'],
    ['a row validation reading another row the product does not have', minimal({ validations: [{ id: 'v', scope: 'row', alert: 'a', when: { var: 'rows.fuelTyp.checked' } }] }), '/validations/0/when', 'refers to "rows.fuelTyp.checked", which is not a field of this product'],
    ['a form validation reading a row field', minimal({ validations: [{ id: 'v', scope: 'form', alert: 'a', when: { var: 'row.checked' } }] }), '/validations/0/when', 'refers to "row.checked", which this expression cannot read (it reads isDummy, issueType, hasIssueType, hasRejections or ctx.<name>)'],
    ['an image drop reading a row', minimal({ rows: [...minimal().rows!, { key: 'pics', text: 'Pics', section: 'carDetails', tab: 'Documents', mapper: 'm', path: ['pics'], kind: 'image', images: { source: 'images', drop: [{ when: { var: 'fuelType' }, titles: ['x'] }] } }] }), '/rows/2/images/drop/0/when', 'refers to "fuelType", which this expression cannot read (it reads ctx.<name>)'],
    ['a declared context value reading outside the inspection and registry', minimal({ context: { expiry: { var: 'inspecton.insuranceExpiry' } } }), '/context/expiry', 'refers to "inspecton.insuranceExpiry", which this expression cannot read (it reads inspection.<field> or registry.<field>)'],
    ['an unknown option list', minimal({ constants: { options: {} } }), '/rows/0/input/options/ref', "unknown option list 'fuelTypes'"],
    ['a note without a message', minimal({ rules: [{ target: 'fuelType', effect: 'note', when: true }] }), '/rules/0/message', 'needs a message'],
    ['an unknown top-level key', { ...minimal(), extras: [] }, '', "takes no field 'extras'"],
    ['a row without a path', { product, rows: [{ key: 'a', text: 'A', section: 'carDetails', tab: 'Documents', mapper: 'm' }] }, '/rows/0', "needs the field 'path'"],
    ['a tab the product does not declare', { product, rows: [{ key: 'a', text: 'A', section: 'carDetails', tab: 'Docs', mapper: 'm', path: ['a'] }] }, '/rows/0/tab', "tab 'Docs' is not one of the product's tabs (Documents)"],
    ['a section the product does not declare', { product, rows: [{ key: 'a', text: 'A', section: 'engine', tab: 'Documents', mapper: 'm', path: ['a'] }] }, '/rows/0/section', "section 'engine' is not one of the product's sections"],
    ['a widget the product does not declare', { product, rows: [{ key: 'a', text: 'A', section: 'carDetails', tab: 'Documents', mapper: 'm', path: ['a'], input: { type: 'date' } }] }, '/rows/0/input/type', "widget 'date' is not one of the product's widgets"],
    ['an outcome status the product does not declare', minimal({ outcomes: { submission: [{ when: true, set: { inspectionStatus: 'archived' } }] } }), '/outcomes/submission/0/set/inspectionStatus', "status 'archived' is not one of the product's statuses"],
    ['no product declaration', { rows: [] }, '/product', 'needs a product declaration'],
    ['a validation selecting an unknown row', minimal({ validations: [{ id: 'v', scope: 'row', alert: 'x', select: { keys: ['nope'] }, when: true }] }), '/validations/0/select', "unknown row 'nope'"],
    ['a second registry comparison for a row', minimal({ registry: [{ row: 'fuelType', sources: ['parivahan1.fuel'], info: true }, { row: 'fuelType', sources: ['parivahan1.fuel'], info: true }] }), '/registry/1/row', "already has a registry comparison"],
    ['a registry comparison both info and matched', minimal({ registry: [{ row: 'fuelType', sources: ['parivahan1.fuel'], info: true, match: true }] }), '/registry/0/match', "drop 'match' or 'info'"],
    ['a registry comparison reading a row', minimal({ registry: [{ row: 'fuelType', sources: ['parivahan1.fuel'], match: { '==': [{ var: 'fuelType' }, { var: 'source' }] } }] }), '/registry/0/match', "variable 'fuelType' is not one of value, source, registryValue, registry, ctx"],
    ['a registry source that is not a record.field path', minimal({ registry: [{ row: 'fuelType', sources: ['fuel'] }] }), '/registry/0/sources/0', 'has the wrong format'],
    ['a registry comparison in the old format (registryValue logic, no sources)', minimal({ registry: [{ row: 'fuelType', registryValue: { var: 'registry.parivahan1.fuel' }, info: true } as unknown as RegistryConfig] }), '/registry/0', "needs the field 'sources'"],
    ['a declared context value redeclaring a built-in one', minimal({ context: { today: '01-01-2026' } }), '/context/today', "'ctx.today' is built in"],
    ['a declared context value with an unknown operator', minimal({ context: { expiry: { frob: [] } } }), '/context/expiry', "unknown operator 'frob'"],
  ])('%s', (_name, json, path, message) => {
    const e = errorOf(json);
    expect(e.path).toBe(path);
    expect(e.message).toContain(message);
  });

  it('names the car config file and its own index', () => {
    const broken = structuredClone(CAR_CONFIG_FILES) as Record<string, ReviewConfigFile>;
    broken['summary.json'].rules![0].when = { frob: [] };
    expect(() => loadProductConfig(broken, car.schema)).toThrow("summary.json#/rules/0/when: unknown operator 'frob'");
    const badSchema = structuredClone(CAR_CONFIG_FILES) as Record<string, ReviewConfigFile>;
    (badSchema['interior.json'].rows![1] as unknown as Record<string, unknown>).tab = 'Inside';
    expect(() => loadProductConfig(badSchema, car.schema)).toThrow("interior.json#/rows/1/tab: tab 'Inside' is not one of the product's tabs");
    const otherId = structuredClone(CAR_CONFIG_FILES) as Record<string, ReviewConfigFile>;
    otherId['product.json'].product!.id = 'van';
    expect(() => loadProductConfig(otherId, car.schema)).toThrow("product.json#/product/id: must be 'car'");
  });
});

describe('the car config (issue 3 coverage)', () => {
  const keys = new Set(carReviewConfig.rows.map((r) => r.key));
  it.each([
    'year', 'month', 'make', 'model', 'variant', 'fuelType', 'toBeScrapped', 'emissionStandards', 'registrationYear', 'registrationMonth',
    'fitnessUpto', 'registrationState', 'rtoCode', 'registrationCity', 'registrationNumber', 'ownerNumber', 'cngLpgFitment', 'chassisNumber',
    'chassisNumberEmbossing', 'vinOBD', 'engineNumber', 'rcAvailability', 'rcCondition', 'chassisNumberOnRC', 'rcAtDelivery', 'misMatchInRc',
    'carColour', 'customerName', 'duplicateKey', 'isUnderHypothecation', 'financierName', 'loanStatus', 'bankNocStatus', 'bankNocExpiryDate',
    'rtoNocIssued', 'rtoNocAvailable', 'rtoNmcAvailable', 'rtoNocIssuedFor', 'rtoNocIssuedDate', 'roadTaxPaid', 'roadTaxDateValidity',
    'insuranceType', 'insuranceExpiry', 'noClaimBonus', 'noClaimBonusPercentage', 'mismatchInInsurance', 'mismatchInDS', 'raDetails',
    'inspectionBy', 'city', 'inspectionAt', 'storeName', 'rcImages', 'insuranceImages', 'duplicateKeyImages', 'additionalImages',
    'odometerReading', 'fuelLevel', 'electrical', 'steeringMountedAudioControls', 'reverseCamera', 'numberOfAirbags', 'musicSystem',
    'leatherSeats', 'fabricSeats', 'sunroof', 'abs', 'rearDefogger', 'powerWindowsNumber', 'interiorImages', 'acCooling', 'heater',
    'climateControlAc', 'mainImages', 'alloyWheels', 'lhsFrontTyre', 'rhsFrontTyre', 'lhsRearTyre', 'rhsRearTyre', 'spareTyre',
    'engineBlowBy', 'backCompression', 'riChanges',
  ])('§3 has a row for %s', (key) => {
    expect(keys.has(key)).toBe(true);
  });

  it('§3 mapper groups: every row belongs to one of them', () => {
    const mappers = new Set(['documents', 'insurance', 'comments', 'otherDetails', 'rcImages', 'makeModelVariant', 'mismatch', 'insuranceImages',
      'duplicateKey', 'lhsFrontTyre', 'rhsFrontTyre', 'lhsRearTyre', 'rhsRearTyre', 'spareTyre', 'exteriorComments', 'interiorData',
      'interiorImages', 'externalData', 'acData', 'interiorOdometer', 'electricals', 'additionalImages', 'summary']);
    expect(carReviewConfig.rows.filter((r) => !mappers.has(r.mapper)).map((r) => r.key)).toEqual([]);
  });

  it('§9 isValidate codes: 1 validation error, 2 rejected, 4 flagged, 5 rejected by QC or masked', () => {
    expect(carReviewConfig.constants.isValidate).toEqual({ validationError: 1, rejected: 2, flagged: 4, rejectedByQcOrMasked: 5 });
  });
});

describe('§5 before submit: the checks run in the spec order with its alert texts', () => {
  it('odometer, fuel level, fitness date, RTO NOC image, ticked document/insurance fields, rejection comments, empty editable fields, issue type', () => {
    expect(carReviewConfig.validations.map((v) => [v.id, v.alert])).toEqual([
      ['odometer.positive', 'please edit'],
      ['fuelLevel.value', 'Please fill the following Fields:'],
      ['fitness.date', 'Date is in invalid format for Fields'],
      ['rtoNoc.image', 'Please fill the following Fields:\nRTO NOC Available Image'],
      ['documents.newValue', 'Please fill the following Fields:'],
      ['remark.nonEditable', 'Please add rejection comment on the following Fields:'],
      ['editable.filled', 'Please fill the following Fields:'],
      ['issueType.required', 'Please select Issue Type'],
    ]);
  });

  it('§8 every alert is one of the catalogue texts', () => {
    const catalogue = ['please edit', 'Date is in invalid format for Fields', 'Please add rejection comment on the following Fields:', 'Please fill the following Fields:', 'Please select Issue Type'];
    expect(carReviewConfig.validations.filter((v) => !catalogue.includes(v.alert.split('\n')[0])).map((v) => v.id)).toEqual([]);
  });
});

describe('§3 mapper groups', () => {
  it('every mapper group of §3 has rows, in the section it belongs to', () => {
    const sections = (m: string) => [...new Set(carReviewConfig.rows.filter((r) => r.mapper === m).map((r) => r.section))];
    expect(
      Object.fromEntries(
        ['documents', 'insurance', 'comments', 'otherDetails', 'rcImages', 'makeModelVariant', 'mismatch', 'insuranceImages', 'duplicateKey', 'lhsFrontTyre',
          'rhsFrontTyre', 'lhsRearTyre', 'rhsRearTyre', 'spareTyre', 'exteriorComments', 'interiorData', 'interiorImages', 'externalData', 'acData',
          'interiorOdometer', 'electricals', 'additionalImages'].map((m) => [m, sections(m)]),
      ),
    ).toEqual({
      documents: ['carDetails'], insurance: ['carDetails'], comments: ['carDetails'], otherDetails: ['carDetails'], rcImages: ['carDetails'],
      makeModelVariant: ['carDetails'], mismatch: ['carDetails'], insuranceImages: ['carDetails'], duplicateKey: ['carDetails'],
      lhsFrontTyre: ['exteriorTyres'], rhsFrontTyre: ['exteriorTyres'], lhsRearTyre: ['exteriorTyres'], rhsRearTyre: ['exteriorTyres'], spareTyre: ['exteriorTyres'],
      exteriorComments: ['exteriorTyres'], interiorData: ['electricalsInterior'], interiorImages: ['electricalsInterior'],
      externalData: ['exteriorTyres', 'engineTransmission', 'steeringSuspensionBrakes'], acData: ['airConditioning'], interiorOdometer: ['electricalsInterior'],
      electricals: ['electricalsInterior'], additionalImages: ['carDetails'],
    });
  });
});

describe('config:check catches analysts\' mistakes in the car files, naming file and path', () => {
  const broken = (mutate: (files: Record<string, ReviewConfigFile>) => void) => {
    const files = structuredClone(CAR_CONFIG_FILES) as Record<string, ReviewConfigFile>;
    mutate(files);
    return () => loadProductConfig(files, car.schema);
  };
  const ruleIndex = (id: string) => (CAR_CONFIG_FILES['documents.json'] as ReviewConfigFile).rules!.findIndex((r) => r.id === id);

  it.each<[string, (f: Record<string, ReviewConfigFile>) => void, string]>([
    ['an unknown operator', (f) => { f['documents.json'].rules![ruleIndex('rc.atDelivery')].when = { '=': [{ var: 'rcAvailability' }, 'Photocopy'] }; }, `documents.json#/rules/${ruleIndex('rc.atDelivery')}/when: unknown operator '='`],
    ['a variable path naming no row', (f) => { f['documents.json'].rules![ruleIndex('rc.atDelivery')].when = { '==': [{ var: 'rcAvailabilty' }, 'Photocopy'] }; }, `documents.json#/rules/${ruleIndex('rc.atDelivery')}/when: refers to "rcAvailabilty", which is not a field of this product`],
    ['a checked.K path naming no row', (f) => { f['documents.json'].rules![ruleIndex('rc.atDelivery')].when = { var: 'checked.rcAvail' }; }, 'refers to "checked.rcAvail", which is not a field of this product'],
    ['a bad effect', (f) => { f['documents.json'].rules![ruleIndex('rc.atDelivery')].effect = 'reveal' as 'show'; }, `documents.json#/rules/${ruleIndex('rc.atDelivery')}/effect: must be one of show, hide, enable, disable, check, clear, invalid, note, flag, options, upload`],
    ['a target naming no row', (f) => { f['documents.json'].rules![ruleIndex('rc.atDelivery')].target = 'rcAtDelivry'; }, `documents.json#/rules/${ruleIndex('rc.atDelivery')}/target: unknown row 'rcAtDelivry'`],
    ['a parent naming no row', (f) => { f['interior.json'].rows![1].parent = 'odometer'; }, "interior.json#/rows/1/parent: unknown row 'odometer'"],
    ['a validation with an unknown operator', (f) => { f['validations.json'].validations![2].when = { isDat: { var: 'row.newValue' } }; }, "validations.json#/validations/2/when: unknown operator 'isDat'"],
    ['a registry comparison of no row', (f) => { f['registry.json'].registry![0].row = 'regYear'; }, "registry.json#/registry/0/row: unknown row 'regYear'"],
    ['an empty row path', (f) => { f['interior.json'].rows![1].path = []; }, 'interior.json#/rows/1/path: must list at least one item'],
  ])('%s', (_name, mutate, message) => {
    expect(broken(mutate)).toThrow(message);
  });
});
