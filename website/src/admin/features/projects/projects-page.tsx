import { type AdminProjectRow, CATEGORY_LABELS } from '@atelier/shared';
import { Badge, Flex, IconButton, Text } from '@radix-ui/themes';
import { usePlatform } from '../../platform-context';
import type { Column } from '../../ui/data-table';
import { formatDate } from '../../ui/format';
import { ListScreen } from '../../ui/list-screen';
import { RowActions } from '../../ui/row-actions';
import { useEntityList } from '../../ui/use-entity-list';
import { useListParams } from '../../ui/use-list-params';
import { projectsApi, useToggleFeatured } from './api';

const DELETE_TEXT =
  'This action cannot be undone. This will permanently delete this project and all associated data.';

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

/** /admin/projects: search, the table with the featured star, View/Edit/Delete, the pager. */
export function ProjectsPage() {
  const platform = usePlatform();
  const { page, q, setQ, setPage } = useListParams();
  const { list, remove, run } = useEntityList(projectsApi, { q, page }, setPage, 'Failed to load projects');
  const featured = useToggleFeatured();

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
          <Text weight="medium">{project.title}</Text>
        </Flex>
      ),
    },
    { header: 'Category', cell: (project) => CATEGORY_LABELS[project.category], wide: true },
    {
      header: 'Status',
      wide: true,
      cell: (project) => (
        <Badge color={project.status === 'published' ? 'green' : 'gray'}>
          {project.status === 'published' ? 'Published' : 'Draft'}
        </Badge>
      ),
    },
    {
      header: 'Featured',
      align: 'center',
      cell: (project) => (
        <IconButton
          variant="ghost"
          color={project.featured ? 'amber' : 'gray'}
          aria-label={`Featured: ${project.title}`}
          aria-pressed={project.featured}
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
      cell: (project) => (
        <RowActions
          name={project.title}
          view={`/projects/${project.id}`}
          edit={`/admin/projects/edit/${project.id}`}
          confirm={DELETE_TEXT}
          onDelete={() =>
            remove(project.id, {
              success: { title: 'Project Deleted', description: `"${project.title}" has been deleted.` },
              failure: 'Failed to delete project',
            })
          }
        />
      ),
    },
  ];

  return (
    <ListScreen
      title="Projects"
      lead="The studio's portfolio: drafts stay private until published."
      add={{ label: 'Add Project', to: '/admin/projects/new' }}
      search={{ label: 'Search projects by title or category', value: q, onSearch: setQ }}
      label="Projects"
      columns={columns}
      rowKey={(project) => project.id}
      list={list}
      onPage={setPage}
      empty="No projects found"
    />
  );
}
