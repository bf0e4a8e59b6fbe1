import { describe, expect, it } from 'vitest';
import { carEngine, carReviewConfig } from '../../src/engine/car-config.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import type { InspectionImage } from '../../src/engine/inspection.ts';
import { toggleChoice } from '../../src/engine/model.ts';

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
});
