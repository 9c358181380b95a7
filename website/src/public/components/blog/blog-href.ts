import { type BlogPost, type BlogQuery, entityPath, tagLabel } from '@atelier/shared';

/** The URL of a blog list view: only the filters that are set, page 1 left out (one URL per view). */
export function blogHref(query: Partial<BlogQuery> = {}): string {
  const search = new URLSearchParams();
  if (query.category) search.set('category', query.category);
  if (query.tag) search.set('tag', query.tag);
  if (query.q) search.set('q', query.q);
  if (query.page && query.page > 1) search.set('page', String(query.page));
  const text = search.toString();
  return text ? `/blog?${text}` : '/blog';
}

export const postHref = (post: Pick<BlogPost, 'id' | 'slug'>) => entityPath('blog', post);

/** A post's category is its first keyword (as the server groups them). */
export const postCategory = (post: Pick<BlogPost, 'seo_keywords'>): string | undefined =>
  post.seo_keywords[0] && tagLabel(post.seo_keywords[0]);

/** The date a post is shown with: its publish date, else when it was written. */
export const postDate = (post: Pick<BlogPost, 'publish_date' | 'created_at'>) =>
  post.publish_date ?? post.created_at;

/** The server matches categories and tags without regard to case; so does the "current" marker. */
export const sameName = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
