import { type Project, TIMINGS } from '@atelier/shared';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { Picture } from '../Picture';
import { Icon } from './icons';
import { imageAlt, viewerLinkName } from './text';

interface ProjectGalleryProps {
  project: Project;
  /** All of the project's images; the gallery shows those from `from` onward. */
  images: string[];
  from: number;
  reducedMotion: boolean;
  /** Controls appear once the page runs JavaScript; without it the gallery is a swipeable strip. */
  interactive: boolean;
  onOpen: (index: number) => void;
}

/**
 * The remaining photographs as a carousel: a scroll-snapping strip (so it swipes on touch and works
 * without JavaScript) that advances every 4 s, waiting while the pointer or focus is on it.
 */
export function ProjectGallery({
  project,
  images,
  from,
  reducedMotion,
  interactive,
  onOpen,
}: ProjectGalleryProps) {
  const slides = images.slice(from);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState(false);
  const trackRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (reducedMotion) setPlaying(false);
  }, [reducedMotion]);

  const goTo = useCallback(
    (target: number) => {
      const next = (target + count) % count;
      setIndex(next);
      const track = trackRef.current;
      track?.scrollTo({ left: next * track.clientWidth, behavior: reducedMotion ? 'auto' : 'smooth' });
    },
    [count, reducedMotion],
  );

  useEffect(() => {
    if (!interactive || !playing || held || count < 2) return;
    const timer = window.setTimeout(() => goTo(index + 1), TIMINGS.galleryMs);
    return () => window.clearTimeout(timer);
  }, [interactive, playing, held, index, count, goTo]);

  // A swipe or a focused slide scrolls the strip: follow it once the scrolling settles.
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let timer: number | undefined;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (track.clientWidth > 0) setIndex(Math.round(track.scrollLeft / track.clientWidth));
      }, 120);
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      track.removeEventListener('scroll', onScroll);
    };
  }, []);

  if (count === 0) return null;
  const carousel = interactive && count > 1;
  const autoplaying = carousel && playing && !held;

  return (
    <section
      className="project-gallery"
      aria-labelledby="gallery-title"
      aria-roledescription={carousel ? 'carousel' : undefined}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHeld(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="project-gallery__head">
        <p className="eyebrow">In detail</p>
        <h2 id="gallery-title" className="project-gallery__title">
          Gallery
        </h2>
      </div>

      <div className="project-gallery__track" ref={trackRef}>
        {slides.map((src, i) => (
          // The carousel pattern of WAI-ARIA: each slide a group described as a slide (not a form fieldset).
          // biome-ignore lint/a11y/useSemanticElements: see above
          <div
            // Images may repeat within a project, so the position is part of the key.
            key={`${i}-${src}`}
            className="project-gallery__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
          >
            <a
              className="project-gallery__link"
              href={src}
              aria-haspopup="dialog"
              aria-label={viewerLinkName(from + i, images.length)}
              onClick={(event) => {
                event.preventDefault();
                onOpen(from + i);
              }}
            >
              <Picture
                src={src}
                alt={imageAlt(project, from + i, images.length)}
                sizes="(min-width: 1440px) 84rem, 100vw"
              />
            </a>
          </div>
        ))}
      </div>

      <div className="project-gallery__bar">
        <p className="project-gallery__counter" aria-live={autoplaying ? 'off' : 'polite'} aria-atomic="true">
          <span className="visually-hidden">Photograph </span>
          <span className="project-gallery__current">{index + 1}</span>
          <span className="project-gallery__of"> / </span>
          <span className="project-gallery__total">{count}</span>
        </p>
        {carousel && (
          <>
            <div className="project-gallery__progress" aria-hidden="true">
              <span
                className="project-gallery__fill"
                style={{ '--gallery-at': (index + 1) / count } as CSSProperties}
              />
            </div>
            <div className="project-gallery__buttons">
              <button type="button" className="round-button" onClick={() => goTo(index - 1)}>
                <Icon name="previous" />
                <span className="visually-hidden">Previous image</span>
              </button>
              <button type="button" className="round-button" onClick={() => setPlaying((on) => !on)}>
                <Icon name={playing ? 'pause' : 'play'} />
                <span className="visually-hidden">{playing ? 'Pause gallery' : 'Play gallery'}</span>
              </button>
              <button type="button" className="round-button" onClick={() => goTo(index + 1)}>
                <Icon name="next" />
                <span className="visually-hidden">Next image</span>
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
