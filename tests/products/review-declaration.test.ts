// Issue 10 'The engine knows no product': the review rules that lived in screens and machines (who edits in which
// status, when the customer documents popup applies, the panels of a tab, document image groups, the exclusive
// issue type) are the car config's, read through src/engine/product.ts. These pin the car's answers (spec 000 §2,
// §4, §6) and the load-time checks that refuse a declaration naming what the product does not have.
import { describe, expect, it } from 'vitest';
import { buildConfig, ConfigError, mergeConfigFiles, type ReviewConfigFile } from '../../src/engine/config.ts';
import { canEdit, declaredStatus, isDocumentGroup, panelOf, panelRows, panelsOn, showsDocumentPopup } from '../../src/engine/product.ts';
import { CAR_CONFIG_FILES, carReviewConfig } from '../support/car.ts';

describe('edit rights by status (car editRights, spec 000 §4, §6)', () => {
  it.each([
    ['the assignee in smReview', { status: 'smReview', isAssignee: true, isVersionView: false }, true],
    ['the assignee in SM_REVIEW (stored spelling)', { status: 'SM_REVIEW', isAssignee: true, isVersionView: false }, true],
    ['the assignee in done', { status: 'done', isAssignee: true, isVersionView: false }, true],
    ['the assignee in done, a past version', { status: 'done', isAssignee: true, isVersionView: true }, true],
    ['the assignee in smReview, a past version', { status: 'smReview', isAssignee: true, isVersionView: true }, false],
    ['the assignee after rejection', { status: 'smReviewRejected', isAssignee: true, isVersionView: false }, false],
    ['the assignee of a new inspection', { status: 'new', isAssignee: true, isVersionView: false }, false],
    ['another reviewer in smReview', { status: 'smReview', isAssignee: false, isVersionView: false }, false],
  ])('%s → %s', (_, facts, expected) => {
    expect(canEdit(carReviewConfig, facts)).toBe(expected);
  });
});

describe('customer documents popup (car documentPopup, spec 000 §4)', () => {
  const base = { isAssignee: true, hasCustomerDocuments: false, hasDocumentImages: true };
  it.each([
    [{ ...base, status: 'smReview' }, true],
    [{ ...base, status: 'SM_REVIEW' }, true],
    [{ ...base, status: 'done' }, false],
    [{ ...base, status: 'DONE', hasCustomerDocuments: true }, true],
    [{ ...base, status: 'smReview', isAssignee: false }, false],
    [{ ...base, status: 'smReview', hasDocumentImages: false }, false],
    [{ ...base, status: 'new', hasCustomerDocuments: true }, false],
  ])('%o → %s', (facts, expected) => {
    expect(showsDocumentPopup(carReviewConfig, facts)).toBe(expected);
  });
});

describe("the car's review declaration", () => {
  it('hosts the make/model/variant panel on Documents and the summary tables on SUMMARY', () => {
    expect(panelsOn(carReviewConfig, 'Documents').map((p) => p.kind)).toEqual(['makeModelVariant']);
    expect(panelsOn(carReviewConfig, 'SUMMARY').map((p) => p.kind)).toEqual(['summary']);
    expect(panelsOn(carReviewConfig, 'EXTERIOR')).toEqual([]);
    expect(panelOf(carReviewConfig, 'makeModelVariant')?.rows).toMatchObject({ fuelType: 'fuelType', year: 'year' });
    expect([...panelRows(carReviewConfig)].sort()).toEqual(['make', 'model', 'variant']);
  });

  it('declares RC and insurance images as documents, not the other image groups', () => {
    expect(isDocumentGroup(carReviewConfig, 'rcImages')).toBe(true);
    expect(isDocumentGroup(carReviewConfig, 'insuranceImages')).toBe(true);
    expect(isDocumentGroup(carReviewConfig, 'duplicateKeyImages')).toBe(false);
  });

  it('reads a stored status as the declared one, whatever its spelling', () => {
    expect(declaredStatus(carReviewConfig.product, 'SM_REVIEW_REJECTED')).toBe('smReviewRejected');
    expect(declaredStatus(carReviewConfig.product, 'archived')).toBe('archived');
  });
});

describe('load-time checks of the declaration', () => {
  const files = Object.values(CAR_CONFIG_FILES) as ReviewConfigFile[];
  const withProduct = (patch: object, outcomes?: object) => {
    const merged = mergeConfigFiles(files);
    return () => buildConfig({ ...merged, product: { ...merged.product!, ...patch }, outcomes: { ...merged.outcomes, ...outcomes } });
  };
  it.each([
    ['a panel on an undeclared tab', { panels: [{ kind: 'summary', tab: 'Overview' }] }, undefined, '/product/panels/0/tab'],
    ['a panel naming no row', { panels: [{ kind: 'makeModelVariant', tab: 'Documents', rows: { make: 'brand', model: 'model', variant: 'variant', fuelType: 'fuelType', year: 'year' } }] }, undefined, '/product/panels/0/rows/make'],
    ['two panels of a kind', { panels: [{ kind: 'summary', tab: 'SUMMARY' }, { kind: 'summary', tab: 'EXTERIOR' }] }, undefined, '/product/panels/1/kind'],
    ['a document group that is not an image row', { documentImages: ['fuelType'] }, undefined, '/product/documentImages/0'],
    ['a repeated issue type id', { issueTypes: [{ id: 1, label: 'A' }, { id: 1, label: 'B' }] }, undefined, '/product/issueTypes/1/id'],
    ['edit rights that set no canEdit', {}, { editRights: [{ when: true, set: { canSubmit: true } }] }, '/outcomes/editRights/0/set'],
  ])('refuses %s', (_, patch, outcomes, path) => {
    expect(withProduct(patch, outcomes)).toThrow(ConfigError);
    try {
      withProduct(patch, outcomes)();
    } catch (e) {
      expect((e as ConfigError).path).toBe(path);
    }
  });
});
