/**
 * Image masking and rotation (000 §5: masking output is jpeg quality 0.9, rotation in steps of 90 degrees) as
 * pure functions over a small drawing interface, so the logic is tested without a canvas (STYLE.md 11).
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Rotation clockwise in degrees; masks are in the coordinates of the rotated picture. */
export interface ImageEdits {
  rotation: 0 | 90 | 180 | 270;
  masks: Rect[];
}

export const NO_EDITS: ImageEdits = { rotation: 0, masks: [] };
export const JPEG_TYPE = 'image/jpeg';
export const JPEG_QUALITY = 0.9;

/** What the editor draws on: the browser one is a canvas, tests use a recording fake. */
export interface ImageSurface {
  /** Loads the picture; answers its natural size. */
  load(url: string): Promise<Size>;
  /** Draws the picture rotated, with every mask filled. */
  render(edits: ImageEdits): void;
  /** The drawn picture encoded. */
  toBlob(type: string, quality: number): Promise<Blob>;
}

/** Size of the picture after rotation. */
export function rotatedSize(natural: Size, rotation: ImageEdits['rotation']): Size {
  return rotation === 90 || rotation === 270 ? { width: natural.height, height: natural.width } : natural;
}

/** Turns the picture 90° clockwise, carrying the masks already drawn with it. */
export function rotate(edits: ImageEdits, natural: Size): ImageEdits {
  const { height } = rotatedSize(natural, edits.rotation);
  return {
    rotation: ((edits.rotation + 90) % 360) as ImageEdits['rotation'],
    masks: edits.masks.map((m) => ({ x: height - m.y - m.height, y: m.x, width: m.height, height: m.width })),
  };
}

/** The rectangle between two corners, clamped to the picture; null when too small to be meant. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }, bounds: Size, minSide = 3): Rect | null {
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  const x1 = clamp(Math.min(a.x, b.x), bounds.width);
  const y1 = clamp(Math.min(a.y, b.y), bounds.height);
  const x2 = clamp(Math.max(a.x, b.x), bounds.width);
  const y2 = clamp(Math.max(a.y, b.y), bounds.height);
  if (x2 - x1 < minSide || y2 - y1 < minSide) return null;
  return { x: Math.round(x1), y: Math.round(y1), width: Math.round(x2 - x1), height: Math.round(y2 - y1) };
}

/** The box the keyboard moves before it becomes a mask: a quarter of each side, centred. */
export function initialSelection(bounds: Size): Rect {
  const width = Math.max(1, Math.round(bounds.width / 4));
  const height = Math.max(1, Math.round(bounds.height / 4));
  return { x: Math.round((bounds.width - width) / 2), y: Math.round((bounds.height - height) / 2), width, height };
}

const ARROWS: Readonly<Record<string, [number, number]>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The keyboard's box after an arrow key: it moves by a twentieth of the picture, or with `resize` (Shift) its right and
 * bottom edges do, never smaller than a fortieth nor outside the picture. Null for any other key.
 */
export function moveSelection(rect: Rect, key: string, resize: boolean, bounds: Size): Rect | null {
  if (!Object.hasOwn(ARROWS, key)) return null;
  const [dx, dy] = ARROWS[key];
  const stepX = Math.max(1, Math.round(bounds.width / 20));
  const stepY = Math.max(1, Math.round(bounds.height / 20));
  if (resize) {
    const width = Math.min(Math.max(rect.width + dx * stepX, Math.max(1, Math.round(bounds.width / 40))), bounds.width - rect.x);
    const height = Math.min(Math.max(rect.height + dy * stepY, Math.max(1, Math.round(bounds.height / 40))), bounds.height - rect.y);
    return { ...rect, width, height };
  }
  const x = Math.min(Math.max(rect.x + dx * stepX, 0), bounds.width - rect.width);
  const y = Math.min(Math.max(rect.y + dy * stepY, 0), bounds.height - rect.height);
  return { ...rect, x, y };
}

export function addMask(edits: ImageEdits, rect: Rect): ImageEdits {
  return { ...edits, masks: [...edits.masks, rect] };
}

export function undoMask(edits: ImageEdits): ImageEdits {
  return { ...edits, masks: edits.masks.slice(0, -1) };
}

export function hasEdits(edits: ImageEdits): boolean {
  return edits.rotation !== 0 || edits.masks.length > 0;
}

/** Draws the edits and encodes the result as jpeg 0.9. */
export async function exportEdited(surface: ImageSurface, edits: ImageEdits): Promise<Blob> {
  surface.render(edits);
  return surface.toBlob(JPEG_TYPE, JPEG_QUALITY);
}

/** The canvas surface of the browser. */
export function createCanvasSurface(canvas: HTMLCanvasElement): ImageSurface {
  let img: HTMLImageElement | null = null;
  return {
    load(url) {
      return new Promise((resolve, reject) => {
        const el = new Image();
        el.crossOrigin = 'anonymous';
        el.onload = () => {
          img = el;
          resolve({ width: el.naturalWidth, height: el.naturalHeight });
        };
        el.onerror = () => reject(new Error('Image could not be loaded'));
        el.src = url;
      });
    },
    render(edits) {
      const ctx = canvas.getContext('2d');
      if (!img || !ctx) return;
      const natural = { width: img.naturalWidth, height: img.naturalHeight };
      const size = rotatedSize(natural, edits.rotation);
      canvas.width = size.width;
      canvas.height = size.height;
      ctx.save();
      ctx.translate(size.width / 2, size.height / 2);
      ctx.rotate((edits.rotation * Math.PI) / 180);
      ctx.drawImage(img, -natural.width / 2, -natural.height / 2);
      ctx.restore();
      ctx.fillStyle = '#000';
      for (const m of edits.masks) ctx.fillRect(m.x, m.y, m.width, m.height);
    },
    toBlob(type, quality) {
      return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Image could not be encoded'))), type, quality));
    },
  };
}
