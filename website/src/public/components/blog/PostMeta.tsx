import type { BlogPost } from '@atelier/shared';
import { formatDate } from '../../lib/format';
import { postCategory, postDate } from './blog-href';

/** The line above a post's title: its category and its date. */
export function PostMeta({ post }: { post: BlogPost }) {
  const category = postCategory(post);
  const date = postDate(post);
  return (
    <p className="post-meta">
      {category && <span className="post-meta__category">{category}</span>}
      <time dateTime={date}>{formatDate(date)}</time>
    </p>
  );
}
