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
  const [failed, setFailed] = useState<string | null>(null);
  // The address's index counts from 0; one that is no index ('abc', '-5') names no position.
  const name = /^\d{1,6}$/.test(index) ? `Image ${Number(index) + 1}` : 'Image';
  const title = <h1>{name}</h1>;
  if (!url) return <main className="page viewer">{title}<p>No results found</p></main>;
  return (
    <main className="page viewer">
      <div className="viewer-tools">
        {title}
        <button type="button" onClick={() => setScale((s) => s + 0.25)}>Zoom in</button>
        <button type="button" onClick={() => setScale((s) => Math.max(0.25, s - 0.25))}>Zoom out</button>
        <button type="button" onClick={() => setScale(VIEWER_DEFAULTS.scale)}>Reset</button>
      </div>
      {failed === url && (
        <p role="alert" className="error">
          The image could not be loaded. It may have been removed, or its link has expired: open it again from the review.
        </p>
      )}
      <img
        src={url}
        alt={name}
        onError={() => setFailed(url)}
        style={{ transform: `scale(${scale})`, transformOrigin: 'top left', marginLeft: VIEWER_DEFAULTS.x, marginTop: VIEWER_DEFAULTS.y }}
      />
    </main>
  );
}

export default ImageViewerScreen;
