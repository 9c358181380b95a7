import type { Service } from '@atelier/shared';
import { Badge, Button, Flex, Text } from '@radix-ui/themes';
import { Link } from 'react-router-dom';
import { servicesApi } from '../../api/services';
import { type Column, DataTable, EmptyState, SearchField } from '../../ui/data-table';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { useAction } from '../../ui/use-action';
import { useErrorToast } from '../../ui/use-error-toast';
import { useFollowServerPage, useListParams } from '../../ui/use-list-params';

/** /admin/services (spec §2). */
export function ServicesPage() {
  const { page, q, setQ, setPage } = useListParams();
  const list = servicesApi.useList({ q, page });
  const remove = servicesApi.useRemove();
  const { run } = useAction();
  useErrorToast(list.error, 'Failed to fetch services.');

  useFollowServerPage(list, page, setPage);

  const columns: Column<Service>[] = [
    { header: 'Name', cell: (service) => <Text weight="medium">{service.name}</Text> },
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
          confirm="This action cannot be undone. This will permanently delete this service."
          onDelete={() =>
            run(() => remove.mutateAsync(service.id), {
              success: { title: 'Service deleted', description: `"${service.name}" has been deleted.` },
              failure: 'Failed to delete service',
            })
          }
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Services"
        lead="What the studio offers; inactive services stay off the website."
        actions={
          <Button asChild>
            <Link to="/admin/services/new">Add Service</Link>
          </Button>
        }
      />
      <Flex mb="4">
        <SearchField label="Search services by name" value={q} onSearch={setQ} />
      </Flex>
      <DataTable
        label="Services"
        columns={columns}
        rows={list.data?.items}
        rowKey={(service) => service.id}
        loading={list.isLoading}
        empty={<EmptyState message="No services found. Click 'Add Service' to create one." />}
        pager={
          list.data && {
            page: list.data.page,
            pageSize: list.data.pageSize,
            total: list.data.total,
            onPage: setPage,
          }
        }
      />
    </>
  );
}
