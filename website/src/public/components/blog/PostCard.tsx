import { type BlogPost, excerpt, TEXT_LIMITS } from '@atelier/shared';
import { Picture } from '../Picture';
import { postHref } from './blog-href';
import { PostMeta } from './PostMeta';

/** A post in the list: its photograph, date, title, excerpt and a "Read More" link. */
export function PostCard({ post, priority = false }: { post: BlogPost; priority?: boolean }) {
  const href = postHref(post);
  return (
    <article className="post-card">
      <div className="post-card__media">
        <Picture
          src={post.featured_image}
          alt=""
          sizes="(min-width: 1100px) 22vw, (min-width: 640px) 38vw, 100vw"
          priority={priority}
        />
      </div>
      <div className="post-card__body">
        <PostMeta post={post} />
        <h3 className="post-card__title">
          {/* Stretched over the whole card (CSS), so the photograph is clickable without a second link. */}
          <a className="stretched-link" href={href}>
            {post.title}
          </a>
        </h3>
        <p className="post-card__excerpt">
          {post.excerpt?.trim() || excerpt(post.content, TEXT_LIMITS.listExcerpt)}
        </p>
        <a className="read-more" href={href}>
          Read More<span className="visually-hidden">: {post.title}</span>
          <Arrow />
        </a>
      </div>
    </article>
  );
}

export function Arrow({ back = false }: { back?: boolean }) {
  return (
    <svg className={`arrow${back ? ' arrow--back' : ''}`} viewBox="0 0 24 12" aria-hidden="true">
      <path d="M0 6h22M17 1l5 5-5 5" />
    </svg>
  );
}
