import type { ImageEdits, ImageSurface } from '../../../src/screens/review/image-edit.ts';

/** A surface that records what it was asked to draw and encode. */
export function recordingSurface(size = { width: 400, height: 200 }) {
  const calls: { render: ImageEdits[]; toBlob: [string, number][] } = { render: [], toBlob: [] };
  const surface: ImageSurface = {
    load: async () => size,
    render: (edits) => void calls.render.push(edits),
    toBlob: async (type, quality) => {
      calls.toBlob.push([type, quality]);
      return new Blob(['jpeg'], { type });
    },
  };
  return { surface, calls };
}

