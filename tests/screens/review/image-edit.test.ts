import { describe, expect, it } from 'vitest';
import { addMask, exportEdited, hasEdits, JPEG_QUALITY, NO_EDITS, rectBetween, rotate, rotatedSize, undoMask } from '../../../src/screens/review/image-edit.ts';
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
