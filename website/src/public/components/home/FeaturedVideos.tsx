import { FEATURED_VIDEOS_INTRO, PAGE_SIZES, pagerWindow, totalPages } from '@atelier/shared';
import { type CSSProperties, useRef, useState } from 'react';
import { usePageLocation } from '../../lib/page-location';
import { Picture } from '../Picture';
import { balancedColumns, type Film, videoTypeLabel } from './media';
import { VideoDialog } from './VideoDialog';
import '../../styles/home.css';

/** The query parameter of the featured-videos page, kept in the URL so Back and reload keep it. */
const PAGE_PARAM = 'videos';

function pageFrom(search: string): number {
  const page = Number.parseInt(new URLSearchParams(search).get(PAGE_PARAM) ?? '1', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

const pageHref = (page: number) => `${page > 1 ? `/?${PAGE_PARAM}=${page}` : '/'}#featured-videos`;

/** The featured videos: a page of cards (8 per page) that open a modal player. */
export function FeaturedVideos({
  films: videos,
  intro = FEATURED_VIDEOS_INTRO,
}: {
  films: Film[];
  intro?: string;
}) {
  const { search } = usePageLocation();
  const [open, setOpen] = useState<Film | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const pages = totalPages(videos.length, PAGE_SIZES.videos);
  const page = Math.min(pageFrom(search), pages);
  const first = (page - 1) * PAGE_SIZES.videos;
  const items = videos.slice(first, first + PAGE_SIZES.videos);
  const columns = balancedColumns(items.length, 4);
  // With three or more cards a row on wide screens (two on tablets, one on phones) a card is never drawn
  // wider than 600 px: the 1200 px variant serves a 2× screen.
  const maxWidth = columns >= 3 ? 1200 : undefined;

  return (
    <section id="featured-videos" className="section" aria-labelledby="films-title">
      <div className="section__head">
        <p className="eyebrow">On film</p>
        <h2 id="films-title">Featured Videos</h2>
        {intro && <p className="section__intro">{intro}</p>}
      </div>

      {items.length === 0 ? (
        <p className="empty films__empty">No featured videos available at this time</p>
      ) : (
        <ul className="films__grid" style={{ '--film-cols': columns } as CSSProperties}>
          {items.map((video, index) => {
            return (
              // The list never changes on the page: a card is its place in it.
              <li key={first + index}>
                <button
                  type="button"
                  className="film-card__button"
                  aria-haspopup="dialog"
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setOpen(video);
                  }}
                >
                  <span className="film-card__media">
                    <Picture
                      decorative
                      src={video.poster}
                      alt=""
                      sizes="(min-width: 1280px) 22vw, (min-width: 640px) 45vw, 100vw"
                      width={1600}
                      height={900}
                      maxWidth={maxWidth}
                    />
                    <span className="film-card__play" aria-hidden="true">
                      <svg viewBox="0 0 24 24" aria-hidden="true">
                        <path d="M9 6.5v11l9-5.5z" />
                      </svg>
                    </span>
                  </span>
                  {/* The title comes first in the name ("Play video: …"); the type is drawn above it. */}
                  <span className="film-card__meta">
                    <span className="film-card__title">
                      <span className="visually-hidden">Play video: </span>
                      {video.title}
                    </span>
                    <span className="eyebrow film-card__type">{videoTypeLabel(video)}</span>
                    {!video.youtubeId && <span className="film-card__notice">Invalid YouTube URL</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}

      {pages > 1 && (
        <nav className="films__pager" aria-label="Featured videos pages">
          {page > 1 ? (
            <a className="films__step" href={pageHref(page - 1)} rel="prev">
              Previous
            </a>
          ) : (
            <span className="films__step is-disabled" aria-hidden="true">
              Previous
            </span>
          )}
          <ul>
            {pagerWindow(page, pages, 3).map((item) =>
              typeof item === 'number' ? (
                <li key={item}>
                  <a
                    href={pageHref(item)}
                    aria-label={`Page ${item}`}
                    aria-current={item === page ? 'page' : undefined}
                  >
                    {item}
                  </a>
                </li>
              ) : (
                <li key={item} aria-hidden="true" className="films__gap">
                  …
                </li>
              ),
            )}
          </ul>
          {page < pages ? (
            <a className="films__step" href={pageHref(page + 1)} rel="next">
              Next
            </a>
          ) : (
            <span className="films__step is-disabled" aria-hidden="true">
              Next
            </span>
          )}
        </nav>
      )}

      <VideoDialog
        video={open}
        onClose={() => {
          setOpen(null);
          opener.current?.focus();
        }}
      />
    </section>
  );
}
