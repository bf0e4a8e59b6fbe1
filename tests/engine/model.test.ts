import { describe, expect, it } from 'vitest';
import { carEngine, carReviewConfig } from '../support/car.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import type { InspectionImage } from '../../src/engine/inspection.ts';
import { toggleChoice } from '../../src/engine/edit.ts';
import type { Edit } from '../../src/engine/types.ts';

const today = '01-06-2026';
const img = (hashKey: string, title: string, extra: Partial<InspectionImage> = {}): InspectionImage => ({ hashKey, title, url: `https://img/${hashKey}.jpg`, ...extra });
const additional = [img('rt', 'Road Tax', { imageType: 'addnl' }), img('fb', 'Front Bumper'), img('dk', 'Dickey'), img('rf', 'Roof')];
const groupTexts = (m: ReturnType<typeof carEngine.evaluate>, group: string) => m.order.filter((k) => k.startsWith(`${group}:`)).map((k) => m.rows[k].text);

describe('rows of a full car inspection', () => {
  const model = carEngine.evaluate(generateInspection(carReviewConfig), [], null, { today });

  it('§2 tabs: every row sits in Documents, EXTERIOR, INTERIOR or SUMMARY and nothing is marked yet', () => {
    expect(model.errorsCount).toEqual({ Documents: 0, EXTERIOR: 0, INTERIOR: 0, SUMMARY: 0 });
    expect(new Set(model.order.map((k) => model.rows[k].tab))).toEqual(new Set(['Documents', 'EXTERIOR', 'INTERIOR', 'SUMMARY']));
  });

  it('§3 sub-part rows carry part, subPart and parentField; parents list their dependent fields', () => {
    expect(model.rows.noClaimBonusPercentage).toMatchObject({ part: 'insuranceType', subPart: 'noClaimBonusPercentage', parentField: 'noClaimBonus' });
    expect(model.rows.insuranceType.dependentFields).toEqual(['insuranceExpiry', 'noClaimBonus', 'mismatchInInsurance']);
  });

  it('§5 registration year choices run from 1990 to the current year', () => {
    const years = model.rows.registrationYear.options!;
    expect(years[0]).toBe('2026');
    expect(years.at(-1)).toBe('1990');
    expect(years).toHaveLength(2026 - 1990 + 1);
  });

  it('§2 RC images RC1 to RC5 and insurance images Insurance1 to Insurance5, with the verified flag', () => {
    expect(groupTexts(model, 'rcImages')).toEqual(['RC1', 'RC2', 'RC3', 'RC4', 'RC5']);
    expect(groupTexts(model, 'insuranceImages')).toEqual(['Insurance1', 'Insurance2', 'Insurance3', 'Insurance4', 'Insurance5']);
    expect(model.rows['rcImages:rcImages0']).toMatchObject({ widget: 'image', isVerified: true, kind: 'image' });
    expect(model.rows['rcImages:rcImages1'].isVerified).toBe(false);
  });

  it('§9 interior views in order, odometer last', () => {
    expect(groupTexts(model, 'interiorImages').at(-1)).toBe('Odometer');
  });

  it('§2 tyres show current condition and tread depth', () => {
    const inspection = generateInspection(carReviewConfig);
    inspection.inspectionData.exteriorTyres!.lhsFrontTyre.additionalInfo = { image: img('t1', 'LHS Front Tyre'), treadDepth: '4mm', currentCondition: 'Good' };
    const row = carEngine.evaluate(inspection, [], null, { today }).rows.lhsFrontTyre;
    expect(row.additionalInfo).toEqual({ treadDepth: '4mm', currentCondition: 'Good' });
    expect(row.image?.hashKey).toBe('t1');
  });
});

describe('§3 remark history on image rows', () => {
  const remark = (id: string, text: string, timestamp: number) => ({ id, user: 'qc@qc.example', type: 'text' as const, remark: text, timestamp, role: 'qc' });

  it("an image's own remarks (saved with its hashKey) are its row's history, the latest as prevValue", () => {
    const inspection = generateInspection(carReviewConfig);
    const rc = inspection.inspectionData.carDetails!.rcImages;
    rc.images![1] = { ...rc.images![1], remarkHistory: [remark('a', 'blurred', 10), remark('b', 'wrong page', 20)] };
    rc.remarkHistory = [remark('g', 'group remark', 30)];
    const m = carEngine.evaluate(inspection, [], null, { today });
    expect(m.rows['rcImages:rcImages1']).toMatchObject({ prevValue: 'wrong page' });
    expect(m.rows['rcImages:rcImages1'].remarkHistory?.map((r) => r.id)).toEqual(['a', 'b']);
    // An image without remarks of its own shows the group's.
    expect(m.rows['rcImages:rcImages0'].remarkHistory?.map((r) => r.id)).toEqual(['g']);
  });
});

describe('§4 road-tax additional image and §6 the QC role', () => {
  it('§4 road-tax additional image is dropped when there is no workflowId', () => {
    const m = carEngine.evaluate(generateInspection(carReviewConfig, { images: { additionalImages: additional } }), [], null, { today });
    expect(groupTexts(m, 'additionalImages')).toEqual(['Front Bumper', 'Dickey', 'Roof']);
  });

  it('§4 road-tax additional image stays with a workflowId', () => {
    const m = carEngine.evaluate(generateInspection(carReviewConfig, { images: { additionalImages: additional }, inspection: { workflowId: 'wf' } }), [], null, { today });
    expect(groupTexts(m, 'additionalImages')).toEqual(['Road Tax', 'Front Bumper', 'Dickey', 'Roof']);
  });

  it('§6 the QC role sees a reduced set of additional images', () => {
    const m = carEngine.evaluate(generateInspection(carReviewConfig, { images: { additionalImages: additional }, inspection: { workflowId: 'wf' } }), [], null, { today, role: 'qc' });
    expect(groupTexts(m, 'additionalImages')).toEqual(['Road Tax', 'Front Bumper', 'Roof']);
  });

  it('an image list with holes, untitled images or no list at all (another backend) gives the images there are, uncaptioned', () => {
    const odd = [null, { hashKey: 'u', url: 'https://img/u.jpg' }, img('fb', 'Front Bumper'), { hashKey: 'n', url: 'https://img/n.jpg', title: null }] as unknown as InspectionImage[];
    const inspection = generateInspection(carReviewConfig, { images: { additionalImages: odd, mainImages: odd }, inspection: { workflowId: 'wf' } });
    // The QC role's additional images are those of its titles (§6): an untitled one is none of them.
    for (const [role, additional] of [['StoreManager-Qc', ['', '', 'Front Bumper']], ['qc', ['Front Bumper']]] as const) {
      const m = carEngine.evaluate(inspection, [], null, { today, role });
      expect(groupTexts(m, 'additionalImages').sort()).toEqual(additional);
      expect(groupTexts(m, 'mainImages')).toHaveLength(3);
    }
    const none = generateInspection(carReviewConfig, { images: { mainImages: 'none' as unknown as InspectionImage[] } });
    expect(groupTexts(carEngine.evaluate(none, [], null, { today, role: 'qc' }), 'mainImages')).toEqual([]);
  });

  it('§6 the QC role gets a different order of the ten main exterior views', () => {
    const inspection = generateInspection(carReviewConfig);
    const other = groupTexts(carEngine.evaluate(inspection, [], null, { today, role: 'StoreManager-Qc' }), 'mainImages');
    const qc = groupTexts(carEngine.evaluate(inspection, [], null, { today, role: 'qc' }), 'mainImages');
    expect(other).toEqual(carReviewConfig.constants.imageOrders.mainViews);
    expect(qc).toEqual(carReviewConfig.roles.qc.imageOrders!.mainViews);
    expect(qc).not.toEqual(other);
    expect([...qc].sort()).toEqual([...other].sort());
  });
});

describe('§4 exclusive multi-selects (toggleChoice)', () => {
  it.each<[string, string[], string, string[], string[]]>([
    ["choosing 'No Mismatch' clears other choices", ['Make', 'Colour'], 'No Mismatch', ['No Mismatch'], ['No Mismatch']],
    ["choosing another option while 'No Mismatch' is selected replaces the selection", ['No Mismatch'], 'Make', ['No Mismatch'], ['Make']],
    ["'Ok' clears the others", ['Rusted'], 'Ok', ['Ok'], ['Ok']],
    ["choosing another clears 'Ok'", ['Ok'], 'Rusted', ['Ok'], ['Rusted']],
    ['choosing a chosen option removes it', ['Rusted', 'Incomplete'], 'Rusted', ['Ok'], ['Incomplete']],
    ['other choices accumulate', ['Rusted'], 'Incomplete', ['Ok'], ['Rusted', 'Incomplete']],
  ])('%s', (_name, current, option, exclusive, expected) => {
    expect(toggleChoice(current, option, exclusive)).toEqual(expected);
  });
});

describe('§4 error counts per tab', () => {
  it('count ticked visible rows of each tab and drop rows that become hidden', () => {
    let m = carEngine.evaluate(generateInspection(carReviewConfig, { values: { insuranceType: 'Comprehensive' } }), [], null, { today });
    m = carEngine.apply(m, { type: 'check', key: 'sunroof', checked: true });
    m = carEngine.apply(m, { type: 'check', key: 'bonnet', checked: true });
    m = carEngine.apply(m, { type: 'check', key: 'insuranceExpiry', checked: true });
    expect(m.errorsCount).toEqual({ Documents: 1, EXTERIOR: 1, INTERIOR: 1, SUMMARY: 0 });
    m = carEngine.apply(m, { type: 'setValue', key: 'insuranceType', value: 'Insurance Expired' });
    expect(m.errorsCount.Documents).toBe(1); // insuranceType itself now; the hidden expiry no longer counts
    expect(m.rows.insuranceExpiry.isVisible).toBe(false);
  });

  it('keep the same counts record through an edit that changes no count (the tab bar re-renders only on a change)', () => {
    const m = carEngine.evaluate(generateInspection(carReviewConfig), [], null, { today });
    // The first keystroke in a field ticks its row (a count changes); the next ones change the value only.
    const first = carEngine.apply(m, { type: 'setValue', key: 'odometerReading', value: '5200' });
    const typed = carEngine.apply(first, { type: 'setValue', key: 'odometerReading', value: '52000' });
    expect(typed.errorsCount).toBe(first.errorsCount);
    const ticked = carEngine.apply(typed, { type: 'check', key: 'sunroof', checked: true });
    expect(ticked.errorsCount).not.toBe(typed.errorsCount);
    expect(ticked.errorsCount.INTERIOR).toBe(typed.errorsCount.INTERIOR + 1);
  });
});

describe('§4 dependent fields: what a clear leaves behind', () => {
  it('§4 Changing registration state clears the recorded RTO code: the row shows no value until a new code is chosen', () => {
    const inspection = generateInspection(carReviewConfig, { values: { registrationState: 'Maharashtra', rtoCode: 'MH01' } });
    let m = carEngine.evaluate(inspection, [], null, { today });
    m = carEngine.apply(m, { type: 'setValue', key: 'registrationState', value: 'Karnataka', id: 12 });
    expect(m.rows.rtoCode.newValue).toBeNull(); // null (cleared), not undefined (untouched): the screen shows it empty
    expect(m.rows.rtoCode.value).toBe('MH01');
    m = carEngine.apply(m, { type: 'setValue', key: 'rtoCode', value: 'ka01', id: 7 });
    expect(m.rows.rtoCode).toMatchObject({ newValue: 'KA01', newId: 7, newRtoCode: 'KA01' });
    m = carEngine.apply(m, { type: 'setValue', key: 'registrationState', value: 'Goa', id: 9 });
    expect(m.rows.rtoCode.newValue).toBeNull();
  });

  it('§4/§5 a state change that clears the RTO code takes its registry badge with it: no YES against the old code', () => {
    const inspection = generateInspection(carReviewConfig, { values: { registrationState: 'Maharashtra', rtoCode: 'MH01' } });
    const registry = { parivahan1: { registeredAt: 'MH01 MUMBAI' } };
    let m = carEngine.evaluate(inspection, [], registry, { today });
    expect(m.rows.rtoCode.vaahanFlag).toBe('yes');
    m = carEngine.apply(m, { type: 'setValue', key: 'registrationState', value: 'Karnataka', id: 12 });
    expect(m.rows.rtoCode.newValue).toBeNull();
    expect(m.rows.rtoCode.vaahanFlag).not.toBe('yes');
    m = carEngine.apply(m, { type: 'setValue', key: 'rtoCode', value: 'mh01', id: 7 });
    expect(m.rows.rtoCode.vaahanFlag).toBe('yes');
  });

  it('§4 RTO NOC No clears the fields, the uploaded image and its additional info', () => {
    const inspection = generateInspection(carReviewConfig, { values: { rtoNocIssued: 'Yes', rtoNocAvailable: 'Yes' } });
    const noc = inspection.inspectionData.carDetails!.rtoNocIssued.subParts!.rtoNocAvailable;
    noc.image = img('noc1', 'RTO NOC');
    noc.additionalInfo = { uploadedBy: 'qc', uploadTime: '2026-05-30' };
    let m = carEngine.evaluate(inspection, [], null, { today });
    expect(m.rows.rtoNocAvailable).toMatchObject({ isVisible: true, canUpload: true, additionalInfo: { uploadedBy: 'qc' } });
    expect(m.rows.rtoNocAvailable.image?.hashKey).toBe('noc1');
    m = carEngine.apply(m, { type: 'setValue', key: 'rtoNocIssued', value: 'No' });
    expect(m.rows.rtoNocAvailable).toMatchObject({ isVisible: false, newValue: null, image: null });
    expect(m.rows.rtoNocAvailable.additionalInfo).toBeUndefined();
    expect(m.rows.rtoNocAvailable.canUpload).toBeUndefined();
  });
});

describe('typing: one edit per row, not per keystroke', () => {
  const inspection = generateInspection(carReviewConfig, { values: { registrationState: 'Maharashtra', rtoCode: 'MH01' } });
  const typeInto = (m: ReturnType<typeof carEngine.evaluate>, key: string, text: string) =>
    [...text].reduce((model, _, i) => carEngine.apply(model, { type: 'setValue', key, value: text.slice(0, i + 1) }), m);

  it('a word typed into a field is one edit, and the model is that of the word set at once', () => {
    const typed = typeInto(carEngine.evaluate(inspection, [], null, { today }), 'registrationNumber', 'mh12ab1234');
    const once: Edit[] = [{ type: 'setValue', key: 'registrationNumber', value: 'mh12ab1234' }];
    expect(typed.edits).toEqual(once);
    expect(typed.rows).toEqual(carEngine.evaluate(inspection, once, null, { today }).rows);
    expect(typed.rows.registrationNumber.newValue).toBe('MH12AB1234');
  });

  it('§4 the RTO code still follows which of state and code was set last', () => {
    let m = carEngine.evaluate(inspection, [], null, { today });
    m = typeInto(m, 'registrationState', 'Karnataka');
    m = typeInto(m, 'rtoCode', 'ka01');
    expect(m.rows.rtoCode.newValue).toBe('KA01');
    expect(m.edits).toHaveLength(2);
    m = typeInto(m, 'registrationState', 'Goa');
    expect(m.edits).toHaveLength(3);
    expect(m.rows.rtoCode.newValue).toBeNull();
    m = typeInto(m, 'rtoCode', 'ga01');
    expect(m.rows.rtoCode.newValue).toBe('GA01');
  });
});

describe('§3 keys spelled two ways', () => {
  it('§3 chassisNumber / chassisNo: a chassis number recorded as chassisNo fills the chassis number row', () => {
    const inspection = generateInspection(carReviewConfig);
    const cd = inspection.inspectionData.carDetails!;
    cd.chassisNo = { ...cd.chassisNumber, value: 'MA3CHASSISNO1' };
    delete cd.chassisNumber;
    expect(carEngine.evaluate(inspection, [], null, { today }).rows.chassisNumber.value).toBe('MA3CHASSISNO1');
  });

  it('§3 misMatchInRc / mismatchInRC: a mismatch recorded as mismatchInRC fills the mismatch-in-RC row', () => {
    const inspection = generateInspection(carReviewConfig, { values: { rcAvailability: 'Original' } });
    const subs = inspection.inspectionData.carDetails!.rcAvailability.subParts!;
    subs.mismatchInRC = { ...subs.misMatchInRc, value: ['Colour'] };
    delete subs.misMatchInRc;
    expect(carEngine.evaluate(inspection, [], null, { today }).rows.misMatchInRc).toMatchObject({ values: ['Colour'], isVisible: true });
  });
});

describe("§3 'Checkable row': every property of the spec's row", () => {
  it('a field row, a sub-part row and an image row carry them', () => {
    const inspection = generateInspection(carReviewConfig, { values: { registrationNumber: 'MH01AB1234' }, commentFlags: { registrationNumber: 3 } });
    inspection.inspectionData.carDetails!.registrationNumber.id = 55;
    inspection.inspectionData.carDetails!.registrationNumber.remarkHistory = [
      { id: 'r1', user: 'qc1', type: 'text', remark: 'number plate unreadable', timestamp: 1700000000, role: 'qc' },
      { id: 'r2', user: 'qc2', type: 'audio', remark: 'listen', presignedUrl: 'https://audio/1.webm', timestamp: 1700000100, role: 'qc' },
    ];
    const registry = { parivahan1: { registrationNumber: 'MH01AB1234' }, parseSms: { registrationNumber: 'MH01AB1234' } };
    let m = carEngine.evaluate(inspection, [], registry, { today });
    m = carEngine.apply(m, { type: 'setValue', key: 'registrationNumber', value: 'mh01ab1235', id: 56 });
    m = carEngine.apply(m, { type: 'setValue', key: 'rtoCode', value: 'mh02', id: 2 });
    expect(m.rows.registrationNumber).toMatchObject({
      key: 'registrationNumber', text: 'Registration Number', value: 'MH01AB1234', id: 55, newValue: 'MH01AB1235', newId: 56, checked: true,
      isEditable: true, isVisible: true, isDisabled: false, isImportant: true, isValid: true, errorMsg: '', commentFlag: 3,
      prevValue: 'listen', dependentFields: [], mapper: 'documents', part: 'registrationNumber',
      vaahanFlag: 'no', registryValue: 'MH01AB1234', smsValue: 'MH01AB1234', dataSource: 'parivahan1 / vahanWebsite / sms',
    });
    expect(m.rows.registrationNumber.remarkHistory).toHaveLength(2);
    expect(m.rows.rtoCode).toMatchObject({ part: 'registrationState', subPart: 'rto', parentField: 'registrationState', newRtoCode: 'MH02' });
    expect(m.rows.registrationState.dependentFields).toEqual(['rtoCode']);
    const image = carEngine.apply(m, { type: 'mask', key: 'rcImages:rcImages0', masked: true }).rows['rcImages:rcImages0'];
    expect(image).toMatchObject({ text: 'RC1', isVerified: true, isMaskedByQc: true, checked: true, isEditable: false, mapper: 'rcImages' });
  });
});

describe('the engine refuses edits to rows that are not editable (issue 11 defect 4)', () => {
  const inspection = generateInspection(carReviewConfig, { values: { isUnderHypothecation: 'No', carColour: 'White', odometerReading: '5000' }, commentFlags: { carColour: 0, odometerReading: 2 } });
  const base = carEngine.evaluate(inspection, [], null, { today });

  it.each([
    ['commentFlag 0', { type: 'setValue', key: 'carColour', value: 'Red' }, 'Car Colour is not editable'],
    ['commentFlag 2', { type: 'setValue', key: 'odometerReading', value: '9' }, 'Odometer Reading is not editable'],
    ['a hidden row', { type: 'setValue', key: 'loanStatus', value: 'Open' }, 'Loan Status is hidden'],
    ['an image row', { type: 'setValue', key: 'rcImages:rcImages0', value: 'x' }, 'is not editable'],
  ] as [string, Edit, string][])('a value edit of %s is refused and leaves the model as it was', (_name, edit, why) => {
    expect(carEngine.refusal(base, edit)).toContain(why);
    expect(carEngine.apply(base, edit)).toBe(base);
    expect(carEngine.evaluate(inspection, [edit], null, { today }).edits).toEqual([]);
  });

  it('ticking and remarking a row that is not editable still works (it can be rejected, not changed)', () => {
    const edits: Edit[] = [{ type: 'check', key: 'carColour', checked: true }, { type: 'remark', key: 'carColour', remark: 'wrong colour' }];
    for (const e of edits) expect(carEngine.refusal(base, e)).toBeNull();
    const m = carEngine.evaluate(inspection, edits, null, { today });
    expect(m.rows.carColour).toMatchObject({ checked: true, remark: 'wrong colour' });
    expect(m.rows.carColour.newValue ?? null).toBeNull();
  });

  it('a row revealed by an earlier edit takes a value edit', () => {
    const edits: Edit[] = [{ type: 'setValue', key: 'isUnderHypothecation', value: 'Yes' }, { type: 'setValue', key: 'loanStatus', value: 'Open' }];
    const m = carEngine.evaluate(inspection, edits, null, { today });
    expect(m.edits).toEqual(edits);
    expect(m.rows.loanStatus).toMatchObject({ isVisible: true, newValue: 'Open' });
  });
});
