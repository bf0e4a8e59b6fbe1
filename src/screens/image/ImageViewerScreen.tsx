import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';

/** Viewer defaults (spec 000 §9): offset X 200, Y 100, scale 1. */
export const VIEWER_DEFAULTS = { x: 200, y: 100, scale: 1 };

/** /view-image/{index}?url=: an uploaded image full size, opened in a new tab (spec 000 §2). */
export function ImageViewerScreen() {
  const { index = '0' } = useParams();
  const [search] = useSearchParams();
  const url = search.get('url');
  const [scale, setScale] = useState(VIEWER_DEFAULTS.scale);
  const title = <h1>Image {Number(index) + 1}</h1>;
  if (!url) return <main className="page viewer">{title}<p>No results found</p></main>;
  return (
    <main className="page viewer">
      <div className="viewer-tools">
        {title}
        <button type="button" onClick={() => setScale((s) => s + 0.25)}>Zoom in</button>
        <button type="button" onClick={() => setScale((s) => Math.max(0.25, s - 0.25))}>Zoom out</button>
        <button type="button" onClick={() => setScale(VIEWER_DEFAULTS.scale)}>Reset</button>
      </div>
      <img src={url} alt={`Image ${Number(index) + 1}`} style={{ transform: `scale(${scale})`, transformOrigin: 'top left', marginLeft: VIEWER_DEFAULTS.x, marginTop: VIEWER_DEFAULTS.y }} />
    </main>
  );
}

export default ImageViewerScreen;
