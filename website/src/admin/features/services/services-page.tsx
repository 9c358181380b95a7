import type { AdminService } from '@atelier/shared';
import { Badge, Text } from '@radix-ui/themes';
import { bulkActions } from '../../ui/bulk';
import { useContentRights } from '../../ui/content-rights';
import type { Column } from '../../ui/data-table';
import { ListScreen } from '../../ui/list-screen';
import { RowActions } from '../../ui/row-actions';
import { RowTitle } from '../../ui/sample-badge';
import { useEntityList } from '../../ui/use-entity-list';
import { useListParams } from '../../ui/use-list-params';
import { servicesApi } from './api';

/** /admin/services: search, the services with their state, and the pager. */
export function ServicesPage() {
  const { page, q, setQ, setPage } = useListParams();
  const { list, remove } = useEntityList(servicesApi, { q, page }, setPage, 'Failed to fetch services.');

  const rights = useContentRights();
  const bulk = servicesApi.useBulk();
  const columns: Column<AdminService>[] = [
    { header: 'Name', cell: (service) => <RowTitle text={service.name} sample={service.sample} /> },
    {
      header: 'Description',
      wide: true,
      cell: (service) => (
        <Text color="gray" className="admin-clamp">
          {service.description}
        </Text>
      ),
    },
    { header: 'Price Range', cell: (service) => service.price_range || '-', wide: true },
    {
      header: 'Status',
      cell: (service) =>
        service.is_active ? <Badge color="green">Active</Badge> : <Badge color="gray">Inactive</Badge>,
    },
    {
      header: 'Actions',
      align: 'right',
      cell: (service) => (
        <RowActions
          name={service.name}
          edit={`/admin/services/edit/${service.id}`}
          readOnly={!rights.mayChange(service.author_id, service.is_active)}
          confirm="This action cannot be undone. This will permanently delete this service."
          onDelete={
            rights.mayChange(service.author_id, service.is_active)
              ? () =>
                  remove(service.id, {
                    success: { title: 'Service deleted', description: `"${service.name}" has been deleted.` },
                    failure: 'Failed to delete service',
                  })
              : undefined
          }
        />
      ),
    },
  ];

  return (
    <ListScreen
      title="Services"
      lead="What the studio offers; inactive services stay off the website."
      add={{ label: 'Add Service', to: '/admin/services/new' }}
      search={{ label: 'Search services by name', value: q, onSearch: setQ }}
      label="Services"
      columns={columns}
      rowKey={(service) => service.id}
      list={list}
      onPage={setPage}
      empty="No services found. Click 'Add Service' to create one."
      bulk={{
        noun: ['service', 'services'],
        actions: bulkActions({ remove: true, publish: rights.publish && 'Activate' }),
        run: bulk,
        name: (service) => service.name,
      }}
    />
  );
}
