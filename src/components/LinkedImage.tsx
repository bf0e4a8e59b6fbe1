import { useState } from 'react';

/** The image viewer's address for the `index`th image of a group (spec 000 §2, 002 §2): /view-image/{index}?url=. */
export const viewerHref = (index: number, src: string | null | undefined) => `/view-image/${index}?${new URLSearchParams({ url: src ?? '' })}`;

/**
 * A thumbnail that opens `href` in a new tab. An image with no address says 'No image' and links nowhere (the viewer
 * was opened on `?url=null` before); one the browser cannot load says 'Image not available' in the picture's place
 * rather than the broken-image icon, and still links: the viewer says why it cannot show it.
 */
export function LinkedImage({ src, alt, href, label }: { src: string | null | undefined; alt: string; href: string; label?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  // Another backend with the same contract may send an image without its address (null, or no field).
  if (typeof src !== 'string' || !src.trim()) {
    return (
      <span className="image-missing" role="img" aria-label={`${alt}: no image`}>
        No image
      </span>
    );
  }
  return (
    <a href={href} target="_blank" rel="noreferrer" aria-label={label}>
      {failed === src ? (
        <span className="image-missing" role="img" aria-label={`${alt}: image not available`}>
          Image not available
        </span>
      ) : (
        <img src={src} alt={alt} loading="lazy" onError={() => setFailed(src)} />
      )}
    </a>
  );
}
