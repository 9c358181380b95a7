import {
  AdminBlogPost,
  AdminBlogPostList,
  AdminBlogPostListQuery,
  BlogPostId,
  CreateBlogPostInput,
  MESSAGES,
  UpdateBlogPostInput,
} from '@atelier/shared';
import { z } from '@hono/zod-openapi';
import { postAuthorship } from '../../db/authorship';
import { adminCrudRoutes } from '../../http/admin-routes';
import { addPreviewRoute } from '../../http/preview-routes';
import { addReviewRoutes } from '../../http/review-routes';
import type { Revisioned } from '../../ports';
import {
  blogPostImages,
  createPost,
  deletePost,
  findPostFor,
  listAdminPosts,
  returnPost,
  submitPost,
  updatePost,
} from './blog-posts.service';

const PostIdParam = z.object({ id: BlogPostId });

const crud = adminCrudRoutes({
  path: '/admin/blog-posts',
  tag: 'Admin: blog',
  noun: 'blog post',
  schemas: {
    entity: AdminBlogPost,
    list: AdminBlogPostList,
    query: AdminBlogPostListQuery,
    id: PostIdParam,
    create: CreateBlogPostInput,
    update: UpdateBlogPostInput,
  },
  access: { read: 'staff', write: 'write' },
  notFoundMessage: MESSAGES.blogPostNotFound,
  images: blogPostImages,
  bulk: { edits: { publish: { status: 'published' }, unpublish: { status: 'draft' } } },
  service: {
    list: listAdminPosts,
    find: findPostFor,
    create: createPost,
    update: updatePost,
    remove: deletePost,
  },
});

/** What the review step and the preview link say of a post. */
const workflow = {
  path: '/admin/blog-posts',
  tag: 'Admin: blog',
  noun: 'blog post',
  kind: 'post',
  notFoundMessage: MESSAGES.blogPostNotFound,
} as const;

const reviewed = addReviewRoutes(crud, {
  ...workflow,
  editPage: '/admin/blog/edit/',
  schemas: { entity: AdminBlogPost, id: PostIdParam },
  authorOf: (post) => post.author_id,
  service: { submit: submitPost, sendBack: returnPost },
});

export const blogPostAdminRoutes = addPreviewRoute(reviewed, {
  ...workflow,
  id: PostIdParam,
  find: findPostFor,
});

/** A post's history: its edit rights, its PUT's body and update. */
export const blogPostRevisions: Revisioned = {
  path: 'blog-posts',
  permission: 'write',
  authorship: postAuthorship,
  notFoundMessage: MESSAGES.blogPostNotFound,
  find: findPostFor,
  input: UpdateBlogPostInput,
  save: updatePost,
  images: blogPostImages,
};
