import { type PageOf, totalPages } from '@atelier/shared';
import { ProjectTile } from '../components/ProjectTile';
import { CategoryTabs } from '../components/projects/CategoryTabs';
import { Pager } from '../components/projects/Pager';
import { categoryName } from '../components/projects/text';
import { Named, pageTexts } from '../lib/studio-texts';
import '../styles/projects.css';

/** The portfolio: one category at a time, 20 projects a page; the category and page live in the URL. */
export function Projects({ data }: { data: PageOf<'projects'> }) {
  const { category, list, categories, settings } = data;
  const texts = pageTexts(settings);
  const pages = totalPages(list.total, list.pageSize);
  const first = (list.page - 1) * list.pageSize + 1;
  const last = first + list.items.length - 1;
  const pageHref = (page: number) => {
    const query = new URLSearchParams({
      ...(category && { category }),
      ...(page > 1 && { page: String(page) }),
    });
    return `/projects${query.size > 0 ? `?${query}` : ''}#work`;
  };
  const showPager = pages > 1 || list.page > 1;

  return (
    <>
      <header className="portfolio-intro">
        <div className="portfolio-intro__inner">
          <p className="eyebrow">Portfolio</p>
          <h1 className="portfolio-intro__title">Our Projects</h1>
          <p className="portfolio-intro__lead">
            <Named text={texts.intro_projects_page} />
          </p>
        </div>
      </header>

      <section id="work" className="portfolio" aria-labelledby="portfolio-title">
        <h2 id="portfolio-title" className="visually-hidden">
          {category ? `${categoryName(categories, category)} projects` : 'All projects'}
        </h2>
        <div className="portfolio__bar">
          <CategoryTabs current={category} categories={categories} />
          <p className="portfolio__count">
            {list.items.length > 0 && pages > 1
              ? `${first}–${last} of ${list.total} projects`
              : `${list.total} ${list.total === 1 ? 'project' : 'projects'}`}
          </p>
        </div>

        {list.items.length === 0 ? (
          <div className="portfolio__empty">
            <p>No projects found for this category.</p>
            {list.page > 1 && list.total > 0 && (
              <a className="button button--outline" href={pageHref(1)}>
                Back to the first page
              </a>
            )}
          </div>
        ) : (
          <ul className="project-grid">
            {list.items.map((project, index) => (
              <ProjectTile
                key={project.id}
                project={project}
                categories={categories}
                index={index}
                priority={index === 0}
              />
            ))}
          </ul>
        )}

        {showPager && <Pager page={list.page} pages={pages} href={pageHref} />}
      </section>

      <section className="portfolio-cta" aria-labelledby="portfolio-cta-title">
        <div className="portfolio-cta__inner">
          <div>
            <p className="eyebrow">Start a project</p>
            <h2 id="portfolio-cta-title" className="portfolio-cta__title">
              <Named text={texts.projects_cta_title} />
            </h2>
          </div>
          <div className="portfolio-cta__action">
            {texts.projects_cta_text && (
              <p className="muted">
                <Named text={texts.projects_cta_text} />
              </p>
            )}
            <a className="button" href="/contact">
              Contact the studio
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
