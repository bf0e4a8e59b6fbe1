import { describe, expect, it } from 'vitest';
import { draftError, draftOf, emptyDraft, inputOf, parameterFailure, withType } from '../../../src/screens/variants/parameter-form.ts';

const webp = new File(['RIFF'], 'chrome.webp', { type: 'image/webp' });
const png = new File(['x'], 'chrome.webp', { type: 'image/png' });

describe("'Add Parameter..' form rules (spec 002 §4, §5)", () => {
  it.each([
    [{ ...emptyDraft(), name: ' ' }, 'Parameter Name is required'],
    [{ ...emptyDraft('dropDown'), name: 'Seats', options: ['5', ''] }, 'Option is required'],
    [{ ...emptyDraft('dropDown'), name: 'Seats', options: [] }, 'Option is required'],
    [{ ...emptyDraft('image'), name: 'Grille' }, 'Image and Image name are required'],
    [{ ...emptyDraft('image'), name: 'Grille', images: [{ name: 'Chrome', url: '', file: null }] }, 'Image is required'],
    [{ ...emptyDraft('image'), name: 'Grille', images: [{ name: '', url: '', file: webp }] }, 'Image name is required'],
    [{ ...emptyDraft('image'), name: 'Grille', images: [{ name: 'Chrome', url: '', file: png }] }, 'Only webp type image will be uploaded'],
    [{ ...emptyDraft('yes/no'), name: 'Sunroof' }, null],
    [{ ...emptyDraft('image'), name: 'Grille', images: [{ name: 'Chrome', url: '', file: webp }] }, null],
  ])('%# → %s', (draft, expected) => {
    expect(draftError(draft)).toBe(expected);
  });

  it("changing the type resets the options; yes/no has none; an unchanged edit is 'Change at least one value'", () => {
    const drop = { ...emptyDraft('dropDown'), name: 'Seats', options: ['5', '7'] };
    expect(withType(drop, 'yes/no')).toEqual({ name: 'Seats', type: 'yes/no', options: [], images: [] });
    expect(withType(drop, 'image').images).toEqual([{ name: '', url: '', file: null }]);
    const original = { _id: '3', name: 'Airbags', type: 'dropDown' as const, value: ['2', '4'], image: [], status: 'Active' as const };
    expect(draftError(draftOf(original), original)).toBe('Change at least one value');
    expect(draftError({ ...draftOf(original), options: ['2', '4', '6'] }, original)).toBeNull();
    expect(inputOf({ ...draftOf(original), name: ' Airbags ' })).toEqual({ name: 'Airbags', type: 'dropDown', value: ['2', '4'], image: [], status: 'Active' });
  });

  it("a failed add or update reads 'Error:[title: detail]'", () => {
    expect(parameterFailure({ message: 'Conflict', detail: 'Parameter Sunroof already exists' }, 'x')).toBe('Error:[Conflict: Parameter Sunroof already exists]');
  });
});
