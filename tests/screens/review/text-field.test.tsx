// @vitest-environment jsdom
// A row's text field holds its own text (issue 18: a keystroke renders nothing); what changes its value from
// elsewhere reaches it from the review's store, and refused or rewritten text goes, as from a controlled field.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { carEngine } from '../../support/car.ts';
import { fakeLayout } from '../../support/layout.ts';
import { makeInspection } from './helpers.tsx';
import { createModelStore } from '../../../src/engine/store.ts';
import type { Edit, ReviewModel } from '../../../src/engine/types.ts';
import { RowList } from '../../../src/screens/review/RowList.tsx';
import { onlyTyped } from '../../../src/screens/review/widgets.tsx';
import { ModelContext, RowContext, type ReviewRowContext } from '../../../src/screens/review/context.ts';

vi.mock('../../../src/api/review.ts', () => ({ fetchLookup: vi.fn(async () => []), fetchComments: vi.fn(async () => []), fetchRemarks: vi.fn(async () => []) }));

const inspection = makeInspection({ values: { registrationNumber: 'MH01AB1234', customerMobile: '9876543210' } });

function mount(apply: (model: ReviewModel, edit: Edit) => ReviewModel = carEngine.apply) {
  const store = createModelStore(carEngine.evaluate(inspection));
  const edits: Edit[] = [];
  const ctx: ReviewRowContext = {
    canEdit: true,
    appointmentId: inspection.appointmentId,
    onEdit: (edit) => {
      edits.push(edit);
      store.setModel(apply(store.getModel(), edit));
    },
    remarkTarget: () => ({ carId: 77, section: 'carDetails', part: 'x', role: 'qc', user: 'qc' }),
    editImage: () => undefined,
    uploadRowImage: async () => undefined,
    imageSrc: (url) => url,
  };
  render(
    <ModelContext.Provider value={store}>
      <RowContext.Provider value={ctx}>
        <RowList tab="Documents" urls={{}} />
      </RowContext.Provider>
    </ModelContext.Provider>,
  );
  const field = (name: string) => screen.getByRole('textbox', { name: `${name} new value` }) as HTMLInputElement;
  return { store, edits, field };
}

let undoLayout = () => undefined as void;
beforeEach(() => {
  undoLayout = fakeLayout();
});
afterEach(() => {
  undoLayout();
  cleanup();
});

describe("a row's text field (issue 18)", () => {
  it('shows a value the review changes elsewhere, also when only the text changed since its last render', () => {
    const { store, field } = mount();
    const input = field('Registration Number');
    fireEvent.change(input, { target: { value: 'MH01AB12345' } });
    fireEvent.change(input, { target: { value: 'MH01AB1234X' } });
    expect(input.value).toBe('MH01AB1234X');
    // Another source (a restored draft, a panel) sets the value: only the text differs from the row's last render.
    act(() => store.setModel(carEngine.apply(store.getModel(), { type: 'setValue', key: 'registrationNumber', value: 'KA05MN4321' })));
    expect(input.value).toBe('KA05MN4321');
    // The whole review rebuilt without the edit (a discarded draft): the recorded value is back.
    act(() => store.setModel(carEngine.evaluate(inspection)));
    expect(input.value).toBe('MH01AB1234');
  });

  it('drops text the row does not take (digits only in a numeric row), as a controlled field would', () => {
    const { edits, field } = mount();
    const input = field('Customer Mobile');
    fireEvent.change(input, { target: { value: '987654321x' } });
    expect(edits).toEqual([]);
    expect(input.value).toBe('9876543210');
  });

  it('shows what the review holds when the edit is refused or rewritten', () => {
    // A review that keeps the edit upper-cased and trimmed, and refuses a blank one.
    const { field } = mount((model, edit) => {
      if (edit.type !== 'setValue' || edit.value === null) return model;
      return carEngine.apply(model, { ...edit, value: String(edit.value).trim() });
    });
    const input = field('Registration Number');
    fireEvent.change(input, { target: { value: ' MH01AB1235 ' } });
    expect(input.value).toBe('MH01AB1235');
    fireEvent.change(input, { target: { value: '' } });
    expect(input.value).toBe('MH01AB1235');
  });
});

describe('which RowState a text row keeps across a keystroke (onlyTyped)', () => {
  const model = carEngine.evaluate(inspection);
  const typed = carEngine.apply(model, { type: 'setValue', key: 'registrationNumber', value: 'MH01AB12345' });
  const retyped = carEngine.apply(typed, { type: 'setValue', key: 'registrationNumber', value: 'MH01AB1234X' });
  const before = typed.rows.registrationNumber;
  const after = retyped.rows.registrationNumber;

  it('keeps it when only the typed value changed on a text row', () => {
    expect(after.newValue).toBe('MH01AB1234X');
    expect(onlyTyped(before, after)).toBe(true);
  });

  it('not when anything else changed: the first edit ticks the row, a longer value shows an error', () => {
    expect(onlyTyped(model.rows.registrationNumber, before)).toBe(false);
    const tooLong = carEngine.apply(typed, { type: 'setValue', key: 'registrationNumber', value: 'MH01AB123456' }).rows.registrationNumber;
    expect(tooLong.isValid).toBe(false);
    expect(onlyTyped(before, tooLong)).toBe(false);
  });

  it('not on a row that is not a text field or not editable', () => {
    expect(onlyTyped({ ...before, widget: 'select' }, { ...after, widget: 'select' })).toBe(false);
    expect(onlyTyped({ ...before, isEditable: false }, { ...after, isEditable: false })).toBe(false);
    expect(onlyTyped(before, { ...after, key: 'chassisNumber' })).toBe(false);
  });
});
