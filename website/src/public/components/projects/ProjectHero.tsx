import { type Project, TIMINGS } from '@atelier/shared';
import type { CSSProperties } from 'react';
import { Picture } from '../Picture';
import { Icon } from './icons';
import { imageAlt, pad, projectTypeLabel, viewerLinkName } from './text';

interface ProjectHeroProps {
  project: Project;
  images: string[];
  index: number;
  playing: boolean;
  /** Controls work (and show) once the page runs JavaScript; without it the hero is the first photograph. */
  interactive: boolean;
  onStep: (direction: 1 | -1) => void;
  onTogglePlay: () => void;
  onOpen: (index: number) => void;
}

/** The full-bleed opening photograph, cross-fading through the project's images as a paused-able slideshow. */
export function ProjectHero({
  project,
  images,
  index,
  playing,
  interactive,
  onStep,
  onTogglePlay,
  onOpen,
}: ProjectHeroProps) {
  const total = images.length;
  const slideshow = interactive && total > 1;
  return (
    <section
      className="project-hero"
      aria-labelledby="project-title"
      aria-roledescription={slideshow ? 'slideshow' : undefined}
      style={{ '--slide-ms': `${TIMINGS.heroSlideMs}ms` } as CSSProperties}
    >
      <div className="project-hero__slides">
        {total === 0 ? (
          <div className="project-hero__slide is-active">
            <Picture src={null} alt="" sizes="100vw" priority />
          </div>
        ) : (
          images.map((src, i) => (
            <div
              // Images may repeat within a project, so the position is part of the key.
              key={`${i}-${src}`}
              className={`project-hero__slide${i === index ? ' is-active' : ''}`}
              aria-hidden={i === index ? undefined : true}
            >
              <Picture src={src} alt={imageAlt(project, i, total)} sizes="100vw" priority={i === 0} />
            </div>
          ))
        )}
      </div>

      {total > 0 && (
        <a
          className="project-hero__open"
          href={images[index]}
          aria-haspopup="dialog"
          onClick={(event) => {
            event.preventDefault();
            onOpen(index);
          }}
        >
          <span className="visually-hidden">{viewerLinkName(index, total)}</span>
        </a>
      )}

      <div className="project-hero__content">
        <div className="project-hero__text">
          <p className="eyebrow project-hero__label">{projectTypeLabel(project)}</p>
          <h1 id="project-title" className="project-hero__title">
            {project.title}
          </h1>
          {project.location && <p className="project-hero__location">{project.location}</p>}
        </div>

        {total > 1 && (
          // Rendered on the server too, hidden and inert until the page runs JavaScript: the room they
          // take is there from the first paint, so the title does not jump when they appear.
          <div
            className="project-hero__controls"
            data-ready={slideshow ? 'true' : 'false'}
            inert={!slideshow}
            aria-hidden={slideshow ? undefined : true}
          >
            <p className="project-hero__counter" aria-hidden="true">
              <span className="project-hero__current">{pad(index + 1)}</span>
              <span className="project-hero__total"> / {pad(total)}</span>
            </p>
            <div className="project-hero__progress" aria-hidden="true">
              {images.map((src, i) => (
                <span
                  key={`${i}-${src}`}
                  className={`project-hero__segment${i === index ? ' is-active' : ''}${i < index ? ' is-done' : ''}${playing ? ' is-playing' : ''}`}
                />
              ))}
            </div>
            <div className="project-hero__buttons">
              <button type="button" className="round-button" onClick={() => onStep(-1)}>
                <Icon name="previous" />
                <span className="visually-hidden">Previous slide</span>
              </button>
              <button type="button" className="round-button" onClick={onTogglePlay}>
                <Icon name={playing ? 'pause' : 'play'} />
                <span className="visually-hidden">{playing ? 'Pause slideshow' : 'Play slideshow'}</span>
              </button>
              <button type="button" className="round-button" onClick={() => onStep(1)}>
                <Icon name="next" />
                <span className="visually-hidden">Next slide</span>
              </button>
            </div>
            <p className="visually-hidden" aria-live={playing ? 'off' : 'polite'}>
              Slide {index + 1} of {total}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
