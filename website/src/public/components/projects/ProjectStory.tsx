import { type Project, paragraphs } from '@atelier/shared';
import { Fragment } from 'react';
import { Picture } from '../Picture';
import { Icon } from './icons';
import { imageAlt, viewerLinkName } from './text';

/** Where the inline photographs sit: the second after paragraph 1, the third after paragraph 7. */
const INLINE = [
  { image: 1, afterParagraph: 1 },
  { image: 2, afterParagraph: 7 },
] as const;

/** The photographs run the width of the content (at most 90rem less the gutters); a pair shares it. */
const FULL_SIZES = '(min-width: 1440px) 82rem, 100vw';
const PAIR_SIZES = '(min-width: 1440px) 41rem, (min-width: 700px) 50vw, 100vw';

interface ProjectStoryProps {
  project: Project;
  images: string[];
  onOpen: (index: number) => void;
}

/** The description, one paragraph per line, with the second and third photographs set into the text. */
export function ProjectStory({ project, images, onOpen }: ProjectStoryProps) {
  const texts = paragraphs(project.description, true);
  // A photograph whose paragraph does not exist follows the last one, so no photograph is lost.
  const after = new Map<number, number[]>();
  for (const { image, afterParagraph } of INLINE) {
    if (!images[image]) continue;
    const slot = Math.min(afterParagraph, texts.length);
    after.set(slot, [...(after.get(slot) ?? []), image]);
  }
  const figures = (slot: number) => {
    const placed = after.get(slot);
    if (!placed) return null;
    return (
      <div className={`project-figures${placed.length > 1 ? ' project-figures--pair' : ''}`}>
        {placed.map((i) => (
          <StoryFigure
            key={i}
            project={project}
            images={images}
            index={i}
            onOpen={onOpen}
            sizes={placed.length > 1 ? PAIR_SIZES : FULL_SIZES}
          />
        ))}
      </div>
    );
  };

  return (
    <div className="project-story">
      <h2 className="eyebrow project-story__title">About the {project.project_type}</h2>
      {figures(0)}
      {texts.map((text, i) => (
        // The paragraphs never change while the page is open, so their position is a stable key.
        <Fragment key={i}>
          <p className={i === 0 ? 'project-story__lead' : undefined}>{text}</p>
          {figures(i + 1)}
        </Fragment>
      ))}
    </div>
  );
}

function StoryFigure({
  project,
  images,
  index,
  onOpen,
  sizes,
}: {
  project: Project;
  images: string[];
  index: number;
  onOpen: (index: number) => void;
  sizes: string;
}) {
  return (
    <figure className="project-figure">
      <a
        className="project-figure__link"
        href={images[index]}
        aria-haspopup="dialog"
        aria-label={viewerLinkName(index, images.length)}
        onClick={(event) => {
          event.preventDefault();
          onOpen(index);
        }}
      >
        <Picture src={images[index]} alt={imageAlt(project, index, images.length)} sizes={sizes} />
        <span className="project-figure__zoom">
          <Icon name="expand" />
        </span>
      </a>
    </figure>
  );
}
