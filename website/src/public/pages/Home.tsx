import {
  entityPath,
  FEATURED_VIDEOS_INTRO,
  isStoredImage,
  type PageOf,
  portraitSrcSet,
  TIMINGS,
} from '@atelier/shared';
import { ContactSection } from '../components/home/ContactSection';
import { Films } from '../components/home/Films';
import { filmsOf } from '../components/home/media';
import { ServicesGrid } from '../components/home/ServicesGrid';
import { Picture } from '../components/Picture';
import { ProjectTile } from '../components/ProjectTile';
import { Island } from '../islands/Island';
import { revealStep } from '../lib/reveal';
import { Named, pageTexts, studioTexts, unlessBuiltIn } from '../lib/studio-texts';
import '../styles/home.css';

/** Screens taller than 2:3 (phones in portrait) draw the hero from its portrait crop. */
const PORTRAIT_SCREEN = '(max-aspect-ratio: 2/3)';

export function Home({ data }: { data: PageOf<'home'> }) {
  const { settings, featured, services, videos } = data;
  const hero = featured[0];
  const films = filmsOf(videos, data.stills, featured);
  const texts = pageTexts(settings);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        {hero?.thumbnail && (
          // A phone in portrait shows a 9:16 cut of the landscape photograph: it gets that cut alone, made
          // around the focal point the studio set (else the middle). The image keeps the point's
          // `object-position`, which holds the point in view in the cut too wherever a frame shows at least half
          // of the cut's width (every phone: 9:21 shows three quarters).
          <picture className="hero__image">
            {isStoredImage(hero.thumbnail) && (
              <source
                media={PORTRAIT_SCREEN}
                srcSet={portraitSrcSet(hero.thumbnail, data.focus[hero.thumbnail])}
                sizes="(max-aspect-ratio: 9/16) 57vh, 100vw"
              />
            )}
            <Picture src={hero.thumbnail} alt="" sizes="(max-aspect-ratio: 3/2) 160vh, 100vw" priority />
          </picture>
        )}
        <div className="hero__content">
          <p className="eyebrow hero__eyebrow">
            <Named text={texts.hero_line} />
          </p>
          <h1 id="hero-title" className="hero__title" data-site-name="">
            {settings.site_name}
          </h1>
          <div className="hero__actions">
            <a className="button button--light" href="/projects">
              View our work
            </a>
            <a className="button button--ghost" href="/contact">
              Start a project
            </a>
          </div>
        </div>
        {hero?.thumbnail && (
          // The photograph leads: it says which work it shows, as a caption in a gallery would.
          <a className="hero__credit" href={entityPath('projects', hero)}>
            <span className="hero__credit-title">{hero.title}</span>
            <span className="hero__credit-place">{hero.location}</span>
          </a>
        )}
      </section>

      <section className="section home-featured" aria-labelledby="featured-title">
        <div className="section__head">
          <p className="eyebrow">Selected work</p>
          <h2 id="featured-title">Featured Projects</h2>
          <p className="section__intro">{settings.site_description}</p>
        </div>
        {featured.length === 0 ? (
          <p className="empty">No projects found for this category.</p>
        ) : (
          <ul className="featured-grid" {...revealStep(TIMINGS.featuredTileDelayMs)}>
            {featured.map((project) => (
              <ProjectTile
                categories={data.categories}
                key={project.id}
                project={project}
                className="project-tile--below"
                sizes="(min-width: 900px) 58vw, (min-width: 600px) 50vw, 100vw"
              />
            ))}
          </ul>
        )}
        <div className="home-featured__more">
          <a className="button button--outline" href="/projects">
            View all projects
          </a>
        </div>
      </section>

      <ServicesGrid services={services} intro={texts.intro_services} />
      <Island
        name="films"
        component={Films}
        // Without films the showcase stands on the first featured photograph.
        props={{
          films,
          still: films.length ? undefined : hero?.thumbnail,
          intro: unlessBuiltIn(studioTexts(settings).intro_videos, FEATURED_VIDEOS_INTRO),
        }}
      />
      <ContactSection settings={settings} />
    </>
  );
}
