import type { AdminProjectRow } from '@atelier/shared';
import { Badge, Box, Flex, IconButton } from '@radix-ui/themes';
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
import { deleteProject, projectsApi, useToggleFeatured } from './api';
import { useCategories } from './categories-api';
import { DeleteProjectButton } from './delete-project';

function Star({ on }: { on: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ProjectStatus({ project }: { project: AdminProjectRow }) {
  return (
    <Flex gap="1" wrap="wrap">
      <Badge color={project.status === 'published' ? 'green' : 'gray'} highContrast>
        {project.status === 'published' ? 'Published' : 'Draft'}
      </Badge>
      <ReviewBadge status={project.review_status} />
    </Flex>
  );
}

/**
 * /admin/projects: search, the review filter, the table with the featured star, View/Edit/Delete (and a
 * draft's Submit for review, for its author), the pager. A contributor sees published projects and their own
 * drafts, and changes only those drafts.
 */
export function ProjectsPage() {
  const platform = usePlatform();
  const { page, q, filters, set, setQ, setPage } = useListParams(['review']);
  const { list, run, busy } = useEntityList(
    projectsApi,
    { q, page, review: filters.review || undefined },
    setPage,
    'Failed to load projects',
  );
  const featured = useToggleFeatured();
  const submit = projectsApi.useStep('submit');
  const rights = useContentRights();
  const categories = useCategories().data;
  const categoryName = (slug: string) => categories?.find((c) => c.slug === slug)?.name ?? slug;
  const bulk = projectsApi.useBulk();
  const invalidate = projectsApi.useInvalidate();

  const columns: Column<AdminProjectRow>[] = [
    {
      header: 'Project',
      cell: (project) => (
        <Flex align="center" gap="3">
          {project.thumbnail ? (
            <img src={platform.mediaUrl(project.thumbnail)} alt="" className="admin-thumb" />
          ) : (
            <span className="admin-thumb" aria-hidden="true" />
          )}
          <Flex direction="column" gap="1" align="start">
            <RowTitle text={project.title} sample={project.sample} />
            {/* A phone has no Status column: the status sits under the title. */}
            <Box className="admin-narrow">
              <ProjectStatus project={project} />
            </Box>
          </Flex>
        </Flex>
      ),
    },
    { header: 'Category', cell: (project) => categoryName(project.category), wide: true },
    { header: 'Status', cell: (project) => <ProjectStatus project={project} />, wide: true },
    {
      header: 'Featured',
      align: 'center',
      cell: (project) => (
        <IconButton
          variant="ghost"
          color={project.featured ? 'amber' : 'gray'}
          aria-label={`Featured: ${project.title}`}
          aria-pressed={project.featured}
          disabled={!rights.publish}
          onClick={() =>
            run(() => featured.mutateAsync({ id: project.id, change: { featured: !project.featured } }), {
              failure: 'Failed to update featured status',
            })
          }
        >
          <Star on={project.featured} />
        </IconButton>
      ),
    },
    { header: 'Date', cell: (project) => formatDate(project.created_at), wide: true },
    {
      header: 'Actions',
      align: 'right',
      cell: (project) => {
        const draft = project.status === 'draft';
        const mayChange = rights.mayChange(project.user_id, !draft);
        return (
          <RowActions
            name={project.title}
            view={draft ? undefined : `/projects/${project.id}`}
            preview={<PreviewButton entity="projects" id={project.id} name={project.title} size="1" />}
            edit={`/admin/projects/edit/${project.id}`}
            readOnly={!mayChange}
          >
            <SubmitRowButton
              item={project}
              author={rights.isAuthor(project.user_id)}
              onSubmit={() => submit.mutateAsync({ id: project.id })}
            />
            {mayChange && (
              <DeleteProjectButton
                project={project}
                busy={busy}
                onDelete={(photos) =>
                  run(() => deleteProject(platform, project.id, photos).then(invalidate), {
                    success: {
                      title: 'Project Deleted',
                      description: `"${project.title}" has been deleted.`,
                      undo: [project.id],
                    },
                    failure: 'Failed to delete project',
                  })
                }
              />
            )}
          </RowActions>
        );
      },
    },
  ];

  return (
    <ListScreen
      title="Projects"
      lead="The studio's portfolio: drafts stay private until published."
      add={{ label: 'Add Project', to: '/admin/projects/new' }}
      more={{ label: 'Categories', to: '/admin/projects/categories' }}
      search={{ label: 'Search projects by title or category', value: q, onSearch: setQ }}
      filters={<ReviewFilter value={filters.review} onChange={(review) => set({ review })} />}
      label="Projects"
      columns={columns}
      rowKey={(project) => project.id}
      list={list}
      onPage={setPage}
      empty="No projects found"
      bulk={{
        noun: ['project', 'projects'],
        actions: bulkActions({ remove: true, publish: rights.publish && 'Publish', feature: rights.publish }),
        run: bulk,
        name: (project) => project.title,
      }}
    />
  );
}
