import type { PageOf } from '@atelier/shared';
import { Picture } from '../components/Picture';
import { ProjectTile } from '../components/ProjectTile';

export function Home({ data }: { data: PageOf<'home'> }) {
  const { settings, featured } = data;
  const hero = featured[0];
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        {hero?.thumbnail && (
          <Picture className="hero__image" src={hero.thumbnail} alt="" sizes="100vw" priority />
        )}
        <div className="hero__content">
          <p className="eyebrow hero__eyebrow">Established {settings.founded_year} · Lilongwe</p>
          <h1 id="hero-title" className="hero__title">
            {settings.site_name}
          </h1>
          <p className="hero__lead">{settings.site_description}</p>
          <div className="hero__actions">
            <a className="button button--light" href="/projects">
              View our work
            </a>
            <a className="button button--ghost" href="/contact">
              Start a project
            </a>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="featured-title">
        <div className="section__head">
          <p className="eyebrow">Selected work</p>
          <h2 id="featured-title">Featured Projects</h2>
          <p className="section__intro">{settings.site_description}</p>
        </div>
        {featured.length === 0 ? (
          <p className="empty">No projects found for this category.</p>
        ) : (
          <ul className="project-grid">
            {featured.map((project, index) => (
              <ProjectTile key={project.id} project={project} index={index} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
