/**
 * The image editor popup (000 §2 'an image editor popup for masking', §5, §8): draw mask rectangles, rotate by
 * 90°, save as jpeg 0.9 and upload (`POST v2/image`); 'Image updated successfully' or the error detail.
 */
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { Dialog, Heading } from 'react-aria-components/Dialog';
import { Modal } from 'react-aria-components/Modal';
import type { RowState } from '../../engine/types.ts';
import { errorDetail, RETRY_LINE } from '../../machines/error-detail.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import {
  addMask,
  createCanvasSurface,
  exportEdited,
  hasEdits,
  initialSelection,
  moveSelection,
  NO_EDITS,
  rectBetween,
  rotate,
  rotatedSize,
  undoMask,
  type ImageEdits,
  type ImageSurface,
  type Rect,
  type Size,
} from './image-edit.ts';

export const IMAGE_UPDATED = 'Image updated successfully';

interface Props {
  row: RowState;
  src: string;
  /** Encodes and uploads the edited picture; answers the new url. */
  upload: (file: Blob, edits: ImageEdits) => Promise<{ url: string }>;
  onDone: (result: { url: string; edits: ImageEdits } | null) => void;
  surfaceFactory?: (canvas: HTMLCanvasElement) => ImageSurface;
}

/**
 * Where the keyboard's box shows over the picture, in the page's pixels: the canvas is scaled by CSS (to the dialog's
 * width or height), so its drawn box, not its container, maps picture coordinates.
 */
function overlayOf(canvas: HTMLCanvasElement, box: Rect, bounds: Size): CSSProperties {
  const sx = canvas.clientWidth / bounds.width;
  const sy = canvas.clientHeight / bounds.height;
  return {
    left: canvas.offsetLeft + canvas.clientLeft + box.x * sx,
    top: canvas.offsetTop + canvas.clientTop + box.y * sy,
    width: box.width * sx,
    height: box.height * sy,
  };
}

export function ImageEditor({ row, src, upload, onDone, surfaceFactory = createCanvasSurface }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const surfaceRef = useRef<ImageSurface | null>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [edits, setEdits] = useState<ImageEdits>(NO_EDITS);
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  /** The keyboard's box (picture coordinates) while the picture has the keyboard's focus. */
  const [selection, setSelection] = useState<Rect | null>(null);
  const [saving, setSaving] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const surface = surfaceFactory(canvas);
    surfaceRef.current = surface;
    let live = true;
    surface.load(src).then(
      (size) => live && setNatural(size),
      (e: Error) => live && setLoadError(e.message),
    );
    return () => {
      live = false;
    };
  }, [src, surfaceFactory]);

  useEffect(() => {
    if (natural) surfaceRef.current?.render(edits);
  }, [natural, edits]);

  const bounds = natural ? rotatedSize(natural, edits.rotation) : null;
  /** Client coordinates → picture coordinates (the canvas may be scaled by CSS). */
  const point = (e: MouseEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const sx = box.width && bounds ? bounds.width / box.width : 1;
    const sy = box.height && bounds ? bounds.height / box.height : 1;
    return { x: (e.clientX - box.left) * sx, y: (e.clientY - box.top) * sy };
  };

  // Masking by keyboard: arrows move the box, Shift+arrows resize it, Enter (or Space) masks what it covers.
  const onKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    if (!bounds || saving) return;
    const box = selection ?? initialSelection(bounds);
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setEdits((current) => addMask(current, box));
      setSelection(box);
      return;
    }
    const moved = moveSelection(box, e.key, e.shiftKey, bounds);
    if (!moved) return;
    e.preventDefault();
    setSelection(moved);
  };
  const turn = () => {
    if (!natural) return;
    setEdits((current) => rotate(current, natural));
    setSelection(null); // its coordinates were the unturned picture's
  };

  const save = async () => {
    const surface = surfaceRef.current;
    if (!surface) return;
    setSaving(true);
    try {
      const blob = await exportEdited(surface, edits);
      const { url } = await upload(blob, edits);
      showSuccess(IMAGE_UPDATED);
      onDone({ url, edits });
    } catch (e) {
      showError(errorDetail(e, RETRY_LINE));
      setSaving(false);
    }
  };

  return (
    <Modal isOpen isDismissable={!saving} onOpenChange={(open) => !open && onDone(null)} className="modal">
      <Dialog aria-label={`Edit image ${row.text}`} className="popup image-editor">
        <Heading slot="title">Edit image: {row.text}</Heading>
        {loadError && <p role="alert" className="error">{loadError}</p>}
        <div className="editor-stage">
          <canvas
            ref={canvasRef}
            className="editor-canvas"
            aria-label="Image being edited"
            aria-describedby="image-editor-help"
            role="img"
            tabIndex={natural ? 0 : -1}
            onFocus={() => bounds && setSelection((current) => current ?? initialSelection(bounds))}
            onBlur={() => setSelection(null)}
            onKeyDown={onKey}
            onMouseDown={(e) => setStart(point(e))}
            onMouseUp={(e) => {
              if (start && bounds) {
                const rect = rectBetween(start, point(e), bounds);
                if (rect) setEdits((current) => addMask(current, rect));
              }
              setStart(null);
            }}
          />
          {selection && bounds && canvasRef.current && <div className="editor-selection" aria-hidden="true" style={overlayOf(canvasRef.current, selection, bounds)} />}
        </div>
        <p className="muted" id="image-editor-help">
          Drag on the picture to mask a part of it, or from the keyboard: arrow keys move the box, Shift+arrow keys resize it, Enter masks it. Masks: {edits.masks.length}, rotation: {edits.rotation}°
        </p>
        <div className="popup-actions">
          <button type="button" disabled={!natural || saving} onClick={turn}>
            Rotate 90°
          </button>
          <button type="button" disabled={!edits.masks.length || saving} onClick={() => setEdits(undoMask)}>
            Undo mask
          </button>
          <button type="button" disabled={saving} onClick={() => onDone(null)}>
            Cancel
          </button>
          <button type="button" disabled={!natural || !hasEdits(edits) || saving} onClick={save}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </Dialog>
    </Modal>
  );
}
