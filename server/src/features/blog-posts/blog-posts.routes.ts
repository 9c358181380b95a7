import { BlogPostList, BlogPostListQuery, BlogPostViews, MESSAGES, PublicBlogPost } from '@atelier/shared';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { clientIp } from '../../http/client-ip';
import { errorResponses, jsonContent } from '../../http/openapi';
import { notFound } from '../../lib/errors';
import { countVisitorView, findPublishedPost, listPublishedPosts } from './blog-posts.service';

const tags = ['Blog'];
const BlogPostIdParam = z.object({
  id: z.string().trim().min(1, MESSAGES.invalidBlogPostId).pipe(z.uuid(MESSAGES.invalidBlogPostIdFormat)),
});

const list = createRoute({
  method: 'get',
  path: '/blog-posts',
  tags,
  summary: 'Published posts, latest first, with category and tag counts',
  request: { query: BlogPostListQuery },
  responses: { 200: jsonContent(BlogPostList, 'A page of posts'), ...errorResponses(400) },
});

const byId = createRoute({
  method: 'get',
  path: '/blog-posts/{id}',
  tags,
  summary: "One published post, with its author's name and picture (null without an author or a name)",
  request: { params: BlogPostIdParam },
  responses: { 200: jsonContent(PublicBlogPost, 'The post'), ...errorResponses(400, 404) },
});

const view = createRoute({
  method: 'post',
  path: '/blog-posts/{id}/views',
  tags,
  summary: 'Counts a view of a published post (once per visitor per post per day)',
  request: { params: BlogPostIdParam },
  responses: { 200: jsonContent(BlogPostViews, 'The new view count'), ...errorResponses(400, 404) },
});

export const blogPostRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listPublishedPosts(c.var.deps.db, c.req.valid('query')), 200))
  .openapi(byId, async (c) => {
    const post = await findPublishedPost(c.var.deps.db, c.req.valid('param').id);
    if (!post) throw notFound(MESSAGES.blogPostNotFound);
    return c.json(post, 200);
  })
  .openapi(view, async (c) => {
    const views = await countVisitorView(c.var.deps, c.req.valid('param').id, clientIp(c));
    if (!views) throw notFound(MESSAGES.blogPostNotFound);
    return c.json(views, 200);
  });
