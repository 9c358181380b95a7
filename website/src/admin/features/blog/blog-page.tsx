import type { AdminBlogPostRow } from '@atelier/shared';
import { Badge, Button, Text } from '@radix-ui/themes';
import type { Column } from '../../ui/data-table';
import { formatDate } from '../../ui/format';
import { ListScreen } from '../../ui/list-screen';
import { RowActions } from '../../ui/row-actions';
import { useEntityList } from '../../ui/use-entity-list';
import { useListParams } from '../../ui/use-list-params';
import { blogPostsApi } from './api';

/** The filter button's cycle: All Posts → Published → Drafts → All Posts. */
const FILTERS = [
  { status: '', label: 'All Posts' },
  { status: 'published', label: 'Published' },
  { status: 'draft', label: 'Drafts' },
] as const;

const isScheduled = (post: AdminBlogPostRow) =>
  post.status === 'published' && post.publish_date !== null && Date.parse(post.publish_date) > Date.now();

function StatusBadge({ post }: { post: AdminBlogPostRow }) {
  if (isScheduled(post)) return <Badge color="blue">Scheduled</Badge>;
  return post.status === 'published' ? (
    <Badge color="green">Published</Badge>
  ) : (
    <Badge color="gray">Draft</Badge>
  );
}

/** /admin/blog: search, the status filter, the posts with their views, and the pager. */
export function BlogPage() {
  const { page, q, filters, set, setQ, setPage } = useListParams(['status']);
  const current = FILTERS.findIndex((filter) => filter.status === filters.status);
  const filter = FILTERS[Math.max(0, current)] ?? FILTERS[0];
  const { list, remove } = useEntityList(
    blogPostsApi,
    { q, page, status: filter.status || undefined },
    setPage,
    'Failed to load blog posts',
  );

  const columns: Column<AdminBlogPostRow>[] = [
    { header: 'Title', cell: (post) => <Text weight="medium">{post.title}</Text> },
    { header: 'Status', cell: (post) => <StatusBadge post={post} /> },
    { header: 'Date', cell: (post) => formatDate(post.publish_date ?? post.created_at), wide: true },
    { header: 'Views', cell: (post) => post.views.toLocaleString('en'), wide: true, align: 'right' },
    {
      header: 'Actions',
      align: 'right',
      cell: (post) => (
        <RowActions
          name={post.title}
          view={post.status === 'published' && !isScheduled(post) ? `/blog/${post.id}` : undefined}
          edit={`/admin/blog/edit/${post.id}`}
          confirm="This action cannot be undone. This will permanently delete this blog post."
          onDelete={() =>
            remove(post.id, {
              success: { title: 'Blog post deleted', description: `"${post.title}" has been deleted.` },
              failure: 'Failed to delete blog post',
            })
          }
        />
      ),
    },
  ];

  return (
    <ListScreen
      title="Blog"
      lead="Articles and news of the studio."
      add={{ label: 'New Blog Post', to: '/admin/blog/new' }}
      search={{ label: 'Search posts by title', value: q, onSearch: setQ }}
      filters={
        <Button
          variant="surface"
          color="gray"
          aria-label={`Filter: ${filter.label}`}
          onClick={() => set({ status: FILTERS[(Math.max(0, current) + 1) % FILTERS.length]?.status })}
        >
          {filter.label}
        </Button>
      }
      label="Blog posts"
      columns={columns}
      rowKey={(post) => post.id}
      list={list}
      onPage={setPage}
      empty="No blog posts found. Create your first post!"
    />
  );
}
