import { useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';

/** Carousel speed of spec 002 §9 (500 ms), as embla's duration (its unit is roughly 1/60 s per step; 30 ≈ 500 ms). */
const DURATION = 30;

interface Props {
  label: string;
  /** Slides in view at once (spec 002 §9: 6 main images, 4 other photos, 1 header slider). */
  perView: number;
  children: ReactNode[];
  className?: string;
}

/**
 * A carousel over embla (swipe and drag), with Previous / Next buttons and the arrow keys on the focused region
 * (WAI-ARIA carousel pattern: a labelled region, slides as groups 'n of m').
 */
export function Carousel({ label, perView, children, className }: Props) {
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', slidesToScroll: 1, duration: DURATION, containScroll: 'trimSnaps' });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const update = useCallback(() => {
    setCanPrev(!!embla?.canScrollPrev());
    setCanNext(!!embla?.canScrollNext());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla, update]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') embla?.scrollNext();
    else if (event.key === 'ArrowLeft') embla?.scrollPrev();
    else return;
    event.preventDefault();
  };

  return (
    <section className={`carousel ${className ?? ''}`} aria-roledescription="carousel" aria-label={label} tabIndex={0} onKeyDown={onKeyDown}>
      <div className="carousel-viewport" ref={viewportRef}>
        <div className="carousel-track">
          {children.map((child, i) => (
            <div key={i} className="carousel-slide" role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${children.length}`} style={{ flex: `0 0 ${100 / perView}%` }}>
              {child}
            </div>
          ))}
        </div>
      </div>
      <div className="carousel-controls">
        <button type="button" aria-label={`Previous ${label}`} onClick={() => embla?.scrollPrev()} disabled={!canPrev}>
          ‹
        </button>
        <button type="button" aria-label={`Next ${label}`} onClick={() => embla?.scrollNext()} disabled={!canNext}>
          ›
        </button>
      </div>
    </section>
  );
}
