import { entityPath, type PageOf, TIMINGS } from '@atelier/shared';
import { useCallback, useEffect, useState } from 'react';
import { ProjectTile } from '../components/ProjectTile';
import { FactsAndFigures } from '../components/projects/FactsAndFigures';
import { ImageViewer } from '../components/projects/ImageViewer';
import { useHydrated, usePrefersReducedMotion } from '../components/projects/motion';
import { ProjectGallery } from '../components/projects/ProjectGallery';
import { ProjectHero } from '../components/projects/ProjectHero';
import { ProjectStory } from '../components/projects/ProjectStory';
import '../styles/projects.css';

/** The fourth photograph onward forms the gallery. */
const GALLERY_FROM = 3;

/** Where Space keeps its own meaning (pressing a button, typing) instead of toggling the slideshow. */
const OWNS_SPACE = 'button, input, textarea, select, summary, [contenteditable=""], [contenteditable="true"]';

/** What the project page island draws: its page's data less what the page's context already has. */
export type ProjectIslandData = Pick<PageOf<'project'>, 'project' | 'related' | 'neighbours' | 'categories'>;

export function Project({ data }: { data: ProjectIslandData }) {
  const { project } = data;
  const images = project.images.length > 0 ? project.images : project.thumbnail ? [project.thumbnail] : [];
  const total = images.length;

  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [slide, setSlide] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [viewing, setViewing] = useState<number | null>(null);

  // Reduced motion: the slideshow waits for the visitor to start it.
  useEffect(() => {
    if (reducedMotion) setPlaying(false);
  }, [reducedMotion]);

  // Each slide gets its full time, also after a manual step; nothing advances behind the open viewer.
  useEffect(() => {
    if (!hydrated || !playing || total < 2 || viewing !== null) return;
    const timer = window.setTimeout(() => setSlide((i) => (i + 1) % total), TIMINGS.heroSlideMs);
    return () => window.clearTimeout(timer);
  }, [hydrated, playing, slide, total, viewing]);

  const stepSlide = useCallback(
    (direction: 1 | -1) => setSlide((i) => (i + direction + total) % total),
    [total],
  );
  const stepViewer = useCallback(
    (direction: 1 | -1) => setViewing((i) => (i === null ? null : (i + direction + total) % total)),
    [total],
  );
  const closeViewer = useCallback(() => setViewing(null), []);

  const viewerOpen = viewing !== null;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || total === 0) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return;
      switch (event.key) {
        case 'ArrowRight':
        case 'ArrowLeft': {
          event.preventDefault();
          const direction = event.key === 'ArrowRight' ? 1 : -1;
          if (viewerOpen) stepViewer(direction);
          else stepSlide(direction);
          break;
        }
        case 'Escape':
          if (viewerOpen) {
            event.preventDefault();
            closeViewer();
          }
          break;
        case ' ':
          if (viewerOpen || total < 2 || target?.closest(OWNS_SPACE)) return;
          event.preventDefault();
          setPlaying((on) => !on);
          break;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [viewerOpen, total, stepSlide, stepViewer, closeViewer]);

  return (
    <>
      <ProjectHero
        project={project}
        images={images}
        index={slide}
        playing={playing}
        interactive={hydrated}
        onStep={stepSlide}
        onTogglePlay={() => setPlaying((on) => !on)}
        onOpen={setViewing}
      />

      <div className="project-body">
        <FactsAndFigures project={project} categories={data.categories} />
        <ProjectStory project={project} images={images} onOpen={setViewing} />
      </div>

      {total > GALLERY_FROM && (
        <ProjectGallery
          project={project}
          images={images}
          from={GALLERY_FROM}
          reducedMotion={reducedMotion}
          interactive={hydrated}
          onOpen={setViewing}
        />
      )}

      {data.neighbours && (
        <nav className="project-steps" aria-label="More projects in this category">
          <a
            className="project-steps__link"
            href={entityPath('projects', data.neighbours.previous)}
            rel="prev"
          >
            <span className="eyebrow">← Previous project</span>
            <span className="project-steps__title">{data.neighbours.previous.title}</span>
          </a>
          <a
            className="project-steps__link project-steps__link--next"
            href={entityPath('projects', data.neighbours.next)}
            rel="next"
          >
            <span className="eyebrow">Next project →</span>
            <span className="project-steps__title">{data.neighbours.next.title}</span>
          </a>
        </nav>
      )}

      <section className="project-more" aria-labelledby="more-title">
        <div className="project-more__head">
          <div>
            <p className="eyebrow">Keep exploring</p>
            <h2 id="more-title" className="project-more__title">
              You May Also Like
            </h2>
          </div>
          <a className="button button--outline" href="/projects">
            View All Projects
          </a>
        </div>
        {data.related.length > 0 && (
          <ul className="project-more__grid">
            {data.related.map((related) => (
              <ProjectTile
                categories={data.categories}
                key={related.id}
                project={related}
                className="project-tile--below"
                sizes="(min-width: 900px) 30vw, (min-width: 600px) 50vw, 100vw"
              />
            ))}
          </ul>
        )}
      </section>

      {viewing !== null && (
        <ImageViewer
          project={project}
          images={images}
          index={viewing}
          onStep={stepViewer}
          onClose={closeViewer}
        />
      )}
    </>
  );
}
