import { describe, expect, it } from 'vitest';
import { addMask, exportEdited, hasEdits, initialSelection, JPEG_QUALITY, moveSelection, NO_EDITS, rectBetween, rotate, rotatedSize, undoMask } from '../../../src/screens/review/image-edit.ts';
import { recordingSurface } from './surface.ts';

describe('image masking and rotation (spec 000 §5: jpeg quality 0.9, rotation in steps of 90°)', () => {
  const natural = { width: 400, height: 200 };

  it('rotates clockwise in 90° steps back to 0', () => {
    let e = NO_EDITS;
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      e = rotate(e, natural);
      seen.push(e.rotation);
    }
    expect(seen).toEqual([90, 180, 270, 0]);
    expect(rotatedSize(natural, 90)).toEqual({ width: 200, height: 400 });
  });

  it('carries masks with the picture when it turns', () => {
    const e = rotate(addMask(NO_EDITS, { x: 10, y: 20, width: 30, height: 40 }), natural);
    // (x, y) → (H − y − h, x) in a picture that was 400×200.
    expect(e.masks).toEqual([{ x: 140, y: 10, width: 40, height: 30 }]);
    expect(rotate(rotate(rotate(e, natural), natural), natural).masks).toEqual([{ x: 10, y: 20, width: 30, height: 40 }]);
  });

  it('makes a mask from two corners in any order, clamped, ignoring slips', () => {
    expect(rectBetween({ x: 50, y: 60 }, { x: 10, y: 20 }, natural)).toEqual({ x: 10, y: 20, width: 40, height: 40 });
    expect(rectBetween({ x: 390, y: 190 }, { x: 500, y: 300 }, natural)).toEqual({ x: 390, y: 190, width: 10, height: 10 });
    expect(rectBetween({ x: 5, y: 5 }, { x: 6, y: 40 }, natural)).toBeNull();
  });

  it('undoes the last mask; no edits means nothing to save', () => {
    const e = addMask(addMask(NO_EDITS, { x: 0, y: 0, width: 5, height: 5 }), { x: 9, y: 9, width: 5, height: 5 });
    expect(undoMask(e).masks).toHaveLength(1);
    expect(hasEdits(NO_EDITS)).toBe(false);
    expect(hasEdits(undoMask(undoMask(e)))).toBe(false);
    expect(hasEdits(rotate(NO_EDITS, natural))).toBe(true);
  });

  it('exports the drawn edits as image/jpeg at quality 0.9', async () => {
    const { surface, calls } = recordingSurface();
    const edits = addMask(rotate(NO_EDITS, natural), { x: 1, y: 2, width: 10, height: 10 });
    const blob = await exportEdited(surface, edits);
    expect(calls.render).toEqual([edits]);
    expect(calls.toBlob).toEqual([['image/jpeg', 0.9]]);
    expect(JPEG_QUALITY).toBe(0.9);
    expect(blob.type).toBe('image/jpeg');
  });
});

describe('masking by keyboard: the box the arrow keys move', () => {
  const bounds = { width: 400, height: 200 };

  it('starts as a quarter of each side, centred', () => {
    expect(initialSelection(bounds)).toEqual({ x: 150, y: 75, width: 100, height: 50 });
  });

  it('arrows move it by a twentieth of the picture, and it stays inside', () => {
    const box = initialSelection(bounds);
    expect(moveSelection(box, 'ArrowRight', false, bounds)).toEqual({ ...box, x: 170 });
    expect(moveSelection(box, 'ArrowUp', false, bounds)).toEqual({ ...box, y: 65 });
    let far = box;
    for (let i = 0; i < 30; i++) far = moveSelection(far, 'ArrowLeft', false, bounds)!;
    expect(far.x).toBe(0);
    for (let i = 0; i < 30; i++) far = moveSelection(far, 'ArrowDown', false, bounds)!;
    expect(far.y).toBe(150);
  });

  it('Shift+arrows resize it from its right and bottom edges, neither past the picture nor below a fortieth', () => {
    const box = initialSelection(bounds);
    expect(moveSelection(box, 'ArrowRight', true, bounds)).toEqual({ ...box, width: 120 });
    expect(moveSelection(box, 'ArrowUp', true, bounds)).toEqual({ ...box, height: 40 });
    let grown = box;
    for (let i = 0; i < 30; i++) grown = moveSelection(grown, 'ArrowRight', true, bounds)!;
    expect(grown.x + grown.width).toBe(400);
    let shrunk = box;
    for (let i = 0; i < 30; i++) shrunk = moveSelection(shrunk, 'ArrowUp', true, bounds)!;
    expect(shrunk.height).toBe(5);
  });

  it('answers null for any other key', () => {
    for (const key of ['Enter', 'a', 'Tab', '__proto__', 'constructor']) expect(moveSelection(initialSelection(bounds), key, false, bounds)).toBeNull();
  });
});
