import { type BlogPost, excerpt, TEXT_LIMITS } from '@atelier/shared';
import { Picture } from '../Picture';
import { postHref } from './blog-href';
import { Arrow } from './PostCard';
import { PostMeta } from './PostMeta';

/** The latest post, given the page's largest photograph and a "Featured" badge. */
export function FeaturedPost({ post }: { post: BlogPost }) {
  const href = postHref(post);
  return (
    <article className="featured-post">
      <div className="featured-post__media">
        <Picture src={post.featured_image} alt="" sizes="(min-width: 1100px) 62vw, 100vw" priority />
        <p className="featured-post__badge">Featured</p>
      </div>
      <div className="featured-post__body">
        <PostMeta post={post} />
        <h2 className="featured-post__title">
          <a className="stretched-link" href={href}>
            {post.title}
          </a>
        </h2>
        <p className="featured-post__excerpt">
          {post.excerpt?.trim() || excerpt(post.content, TEXT_LIMITS.featuredExcerpt)}
        </p>
        <a className="button button--outline featured-post__more" href={href}>
          Read More<span className="visually-hidden">: {post.title}</span>
          <Arrow />
        </a>
      </div>
    </article>
  );
}
