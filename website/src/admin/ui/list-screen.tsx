import type { Paginated } from '@atelier/shared';
import { Button, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BulkBar, type BulkSpec, useRowNames, useSelection } from './bulk';
import { type Column, DataTable, EmptyState, SearchField } from './data-table';
import { PageHeader } from './page-header';

interface ListScreenProps<T> {
  title: string;
  lead: string;
  /** The "Add …" button and the form it opens (none for a role that may not add). */
  add?: { label: string; to: string };
  /** Links beside the add button (another screen of the same area). */
  more?: { label: string; to: string };
  search: { label: string; value: string; onSearch(q: string): void };
  /** Controls beside the search (a status filter). */
  filters?: ReactNode;
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  rowKey(row: T): string;
  list: { data?: Paginated<T>; isLoading: boolean };
  onPage(page: number): void;
  /** The empty state's message. */
  empty: string;
  /** Row selection and the bulk bar (left out, or with no actions: neither). */
  bulk?: BulkSpec<T>;
}

/** A content list of the admin: its header with the add button, the search (and filters), the paged table. */
export function ListScreen<T>({
  title,
  lead,
  add,
  more,
  search,
  filters,
  list,
  onPage,
  empty,
  bulk,
  ...table
}: ListScreenProps<T>) {
  const selection = useSelection();
  const names = useRowNames(list.data?.items, table.rowKey, bulk?.name ?? (() => ''));
  const selectable = bulk && bulk.actions.length > 0 ? bulk : undefined;
  return (
    <>
      <PageHeader
        title={title}
        lead={lead}
        actions={
          <>
            {more && (
              <Button asChild variant="soft" color="gray">
                <Link to={more.to}>{more.label}</Link>
              </Button>
            )}
            {add && (
              <Button asChild>
                <Link to={add.to}>{add.label}</Link>
              </Button>
            )}
          </>
        }
      />
      <Flex mb="4" gap="3" wrap="wrap">
        <SearchField {...search} />
        {filters}
      </Flex>
      {selectable && <BulkBar spec={selectable} selection={selection} names={names} />}
      <DataTable
        {...table}
        select={selectable && { selection, name: selectable.name }}
        rows={list.data?.items}
        loading={list.isLoading}
        empty={<EmptyState message={empty} />}
        pager={list.data && { ...list.data, onPage }}
      />
    </>
  );
}
