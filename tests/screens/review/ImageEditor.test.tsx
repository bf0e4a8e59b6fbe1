// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { carEngine } from '../../support/car.ts';
import { showError, showSuccess } from '../../../src/components/toast.ts';
import { ImageEditor } from '../../../src/screens/review/ImageEditor.tsx';
import { fakeLayout } from '../../support/layout.ts';
import { makeInspection } from './helpers.tsx';
import { recordingSurface } from './surface.ts';

vi.mock('../../../src/components/toast.ts', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const model = carEngine.evaluate(makeInspection());
const rcRow = model.rows[model.order.find((k) => k.startsWith('rcImages:'))!];

beforeAll(() => {
  fakeLayout();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function open(upload = vi.fn(async () => ({ url: 'https://img/new.jpg' }))) {
  const { surface, calls } = recordingSurface();
  const onDone = vi.fn();
  render(<ImageEditor row={rcRow} src="https://img/rc1.jpg" upload={upload} onDone={onDone} surfaceFactory={() => surface} />);
  return { calls, onDone, upload };
}

const mask = (canvas: HTMLElement, from: [number, number], to: [number, number]) => {
  fireEvent.mouseDown(canvas, { clientX: from[0], clientY: from[1] });
  fireEvent.mouseUp(canvas, { clientX: to[0], clientY: to[1] });
};

/** Tabs until `target` has focus (a dialog's few stops), failing if it never does. */
async function tabTo(target: HTMLElement) {
  for (let i = 0; i < 12 && document.activeElement !== target; i++) await userEvent.tab();
  expect(document.activeElement).toBe(target);
}

describe('image editor (spec 000 §2 image editor popup, §5 masking, §8)', () => {
  it("masks a rectangle, rotates by 90°, uploads jpeg 0.9 and says 'Image updated successfully'", async () => {
    const { calls, onDone, upload } = open();
    const dialog = await screen.findByRole('dialog', { name: `Edit image ${rcRow.text}` });
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rotate 90°' }).hasAttribute('disabled')).toBe(false));
    expect(save.hasAttribute('disabled')).toBe(true);

    mask(screen.getByRole('img', { name: 'Image being edited' }), [10, 20], [60, 70]);
    expect(dialog.textContent).toContain('Masks: 1');
    await userEvent.click(screen.getByRole('button', { name: 'Rotate 90°' }));
    expect(dialog.textContent).toContain('rotation: 90°');
    await userEvent.click(save);

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const edits = { rotation: 90, masks: [{ x: 130, y: 10, width: 50, height: 50 }] };
    expect(calls.render.at(-1)).toEqual(edits);
    expect(calls.toBlob).toEqual([['image/jpeg', 0.9]]);
    expect(upload).toHaveBeenCalledWith(expect.any(Blob), edits);
    expect(showSuccess).toHaveBeenCalledWith('Image updated successfully');
    expect(onDone).toHaveBeenCalledWith({ url: 'https://img/new.jpg', edits });
  });

  it('shows the error detail when the upload fails and stays open', async () => {
    const { onDone } = open(vi.fn(async () => Promise.reject(Object.assign(new Error('x'), { body: { detail: 'File too large' } }))));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rotate 90°' }).hasAttribute('disabled')).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Rotate 90°' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('File too large'));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('masks from the keyboard: Tab to the picture, arrows move the box, Shift+arrows resize it, Enter masks; saved as drawn', async () => {
    const { calls, upload } = open();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rotate 90°' }).hasAttribute('disabled')).toBe(false));
    const picture = screen.getByRole('img', { name: 'Image being edited' });
    expect(picture.getAttribute('aria-describedby')).toBe('image-editor-help');
    expect(document.getElementById('image-editor-help')!.textContent).toMatch(/arrow keys move the box, Shift\+arrow keys resize it, Enter masks it/);
    await tabTo(picture);
    // The picture is 400 × 200: the box starts at a quarter of each side, centred (150, 75, 100 × 50).
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowDown}{Shift>}{ArrowRight}{ArrowDown}{/Shift}{Enter}');
    expect(screen.getByRole('dialog').textContent).toContain('Masks: 1');
    await tabTo(screen.getByRole('button', { name: 'Save' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(upload).toHaveBeenCalled());
    const edits = { rotation: 0, masks: [{ x: 110, y: 85, width: 120, height: 60 }] };
    expect(calls.render.at(-1)).toEqual(edits);
    expect(upload).toHaveBeenCalledWith(expect.any(Blob), edits);
  });

  it('Undo mask removes the last rectangle; Cancel closes without saving', async () => {
    const { onDone, upload } = open();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rotate 90°' }).hasAttribute('disabled')).toBe(false));
    mask(screen.getByRole('img', { name: 'Image being edited' }), [0, 0], [30, 30]);
    await userEvent.click(screen.getByRole('button', { name: 'Undo mask' }));
    expect(screen.getByRole('dialog').textContent).toContain('Masks: 0');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledWith(null);
    expect(upload).not.toHaveBeenCalled();
  });
});
