import { AdminBlogPostList, BlogPost } from '@atelier/shared';
import { entityApi } from '../../api/entity';

export const blogPostsApi = entityApi({ path: 'blog-posts', item: BlogPost, list: AdminBlogPostList });
