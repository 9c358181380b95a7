import {
  AdminBlogPostList,
  AdminBlogPostListQuery,
  BlogPost,
  BlogPostId,
  CreateBlogPostInput,
  MESSAGES,
  UpdateBlogPostInput,
} from '@atelier/shared';
import { z } from '@hono/zod-openapi';
import { adminCrudRoutes } from '../../http/admin-routes';
import { createPost, deletePost, findPost, listAdminPosts, updatePost } from './blog-posts.service';

export const blogPostAdminRoutes = adminCrudRoutes({
  path: '/admin/blog-posts',
  tag: 'Admin: blog',
  noun: 'blog post',
  schemas: {
    entity: BlogPost,
    list: AdminBlogPostList,
    query: AdminBlogPostListQuery,
    id: z.object({ id: BlogPostId }),
    create: CreateBlogPostInput,
    update: UpdateBlogPostInput,
  },
  access: { read: 'staff', write: 'write' },
  notFoundMessage: MESSAGES.blogPostNotFound,
  service: {
    list: listAdminPosts,
    find: findPost,
    create: (deps, actor, input) => createPost(deps.db, actor, input),
    update: updatePost,
    remove: deletePost,
  },
});
