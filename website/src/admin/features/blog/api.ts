import { AdminBlogPost, AdminBlogPostList } from '@atelier/shared';
import { entityApi } from '../../api/entity';

export const blogPostsApi = entityApi({ path: 'blog-posts', item: AdminBlogPost, list: AdminBlogPostList });
