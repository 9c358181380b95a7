import type { AdminBlogPostRow } from '@atelier/shared';
import { Badge, Button, Flex } from '@radix-ui/themes';
import { useEffect, useReducer } from 'react';
import { usePlatform } from '../../platform-context';
import { bulkActions } from '../../ui/bulk';
import { useContentRights } from '../../ui/content-rights';
import type { Column } from '../../ui/data-table';
import { formatDate } from '../../ui/format';
import { ListScreen } from '../../ui/list-screen';
import { PreviewButton } from '../../ui/preview-button';
import { ReviewBadge, ReviewFilter, SubmitRowButton } from '../../ui/review';
import { RowActions } from '../../ui/row-actions';
import { RowTitle } from '../../ui/sample-badge';
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
  if (isScheduled(post))
    return (
      <Badge color="gold" highContrast>
        Scheduled
      </Badge>
    );
  return post.status === 'published' ? (
    <Badge color="green" highContrast>
      Published
    </Badge>
  ) : (
    <Badge color="gray" highContrast>
      Draft
    </Badge>
  );
}

/**
 * /admin/blog: search, the status and review filters, the posts with their views (and a draft's Submit for
 * review, for its author), and the pager. A contributor sees published posts and their own drafts.
 */
export function BlogPage() {
  const { page, q, filters, set, setQ, setPage } = useListParams(['status', 'review']);
  const current = FILTERS.findIndex((filter) => filter.status === filters.status);
  const filter = FILTERS[Math.max(0, current)] ?? FILTERS[0];
  const { list, remove } = useEntityList(
    blogPostsApi,
    { q, page, status: filter.status || undefined, review: filters.review || undefined },
    setPage,
    'Failed to load blog posts',
  );
  const submit = blogPostsApi.useStep('submit');
  const rights = useContentRights();
  const bulk = blogPostsApi.useBulk();
  // A row is Scheduled until its date, read from the clock as it renders: a post going live renders them again
  // (Published, with its View link).
  const platform = usePlatform();
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(() => platform.events.subscribe('went_live', renderAgain), [platform]);

  const columns: Column<AdminBlogPostRow>[] = [
    { header: 'Title', cell: (post) => <RowTitle text={post.title} sample={post.sample} /> },
    {
      header: 'Status',
      cell: (post) => (
        <Flex gap="1" wrap="wrap">
          <StatusBadge post={post} />
          <ReviewBadge status={post.review_status} />
        </Flex>
      ),
    },
    { header: 'Date', cell: (post) => formatDate(post.publish_date ?? post.created_at), wide: true },
    { header: 'Views', cell: (post) => post.views.toLocaleString('en'), wide: true, align: 'right' },
    {
      header: 'Actions',
      align: 'right',
      cell: (post) => {
        const draft = post.status === 'draft';
        const mayChange = rights.mayChange(post.author_id, !draft);
        const live = !draft && !isScheduled(post);
        return (
          <RowActions
            name={post.title}
            view={live ? `/blog/${post.id}` : undefined}
            preview={<PreviewButton entity="blog-posts" id={post.id} name={post.title} size="1" />}
            edit={`/admin/blog/edit/${post.id}`}
            readOnly={!mayChange}
            confirm="This action cannot be undone. This will permanently delete this blog post."
            onDelete={
              mayChange
                ? () =>
                    remove(post.id, {
                      success: {
                        title: 'Blog post deleted',
                        description: `"${post.title}" has been deleted.`,
                      },
                      failure: 'Failed to delete blog post',
                    })
                : undefined
            }
          >
            <SubmitRowButton
              item={post}
              author={rights.isAuthor(post.author_id)}
              onSubmit={() => submit.mutateAsync({ id: post.id })}
            />
          </RowActions>
        );
      },
    },
  ];

  return (
    <ListScreen
      title="Blog"
      lead="Articles and news of the studio."
      add={{ label: 'New Blog Post', to: '/admin/blog/new' }}
      search={{ label: 'Search posts by title', value: q, onSearch: setQ }}
      filters={
        <>
          <Button
            variant="surface"
            color="gray"
            aria-label={`Filter: ${filter.label}`}
            onClick={() => set({ status: FILTERS[(Math.max(0, current) + 1) % FILTERS.length]?.status })}
          >
            {filter.label}
          </Button>
          <ReviewFilter value={filters.review} onChange={(review) => set({ review })} />
        </>
      }
      label="Blog posts"
      columns={columns}
      rowKey={(post) => post.id}
      list={list}
      onPage={setPage}
      empty="No blog posts found. Create your first post!"
      bulk={{
        noun: ['post', 'posts'],
        actions: bulkActions({ remove: true, publish: rights.publish && 'Publish' }),
        run: bulk,
        name: (post) => post.title,
      }}
    />
  );
}
