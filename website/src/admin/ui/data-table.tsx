import { Flex, Skeleton, Table, TextField } from '@radix-ui/themes';
import { type ReactNode, useEffect, useState } from 'react';
import { SelectBox, type Selection, SelectPageBox } from './bulk';
import { EmptyState } from './empty-state';
import { Pager } from './pager';

export interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
  /** Hide the column on narrow screens. */
  wide?: boolean;
  align?: 'left' | 'right' | 'center';
  /** What the header cell shows instead of `header` (which stays its key). */
  heading?: ReactNode;
}

interface DataTableProps<T> {
  /** The table's accessible name ("Projects"). */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey(row: T): string;
  loading?: boolean;
  empty: ReactNode;
  pager?: { page: number; pageSize: number; total: number; onPage(page: number): void };
  /** Row selection for the bulk actions: a checkbox per row (named after it) and one for the page. */
  select?: { selection: Selection; name(row: T): string };
}

/** A list of the admin: a table (skeleton rows while loading, the empty state), and its pager. */
export function DataTable<T>({
  label,
  columns: own,
  rows,
  rowKey,
  loading,
  empty,
  pager,
  select,
}: DataTableProps<T>) {
  const columns: Column<T>[] = select
    ? [
        {
          header: 'Select',
          heading: <SelectPageBox selection={select.selection} ids={(rows ?? []).map(rowKey)} />,
          cell: (row) => <SelectBox selection={select.selection} id={rowKey(row)} name={select.name(row)} />,
        },
        ...own,
      ]
    : own;
  const body =
    loading && !rows
      ? Array.from({ length: 4 }, (_, index) => (
          <Table.Row key={index}>
            {columns.map((column) => (
              <Table.Cell key={column.header} className={column.wide ? 'admin-wide' : undefined}>
                <Skeleton>Loading</Skeleton>
              </Table.Cell>
            ))}
          </Table.Row>
        ))
      : rows?.map((row) => (
          <Table.Row key={rowKey(row)} align="center">
            {columns.map((column) => (
              <Table.Cell
                key={column.header}
                justify={column.align === 'right' ? 'end' : column.align === 'center' ? 'center' : undefined}
                className={column.wide ? 'admin-wide' : undefined}
              >
                {column.cell(row)}
              </Table.Cell>
            ))}
          </Table.Row>
        ));
  return (
    <>
      <Table.Root
        variant="surface"
        aria-label={label}
        className={select ? 'admin-table admin-table--select' : 'admin-table'}
      >
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeaderCell
                key={column.header}
                justify={column.align === 'right' ? 'end' : column.align === 'center' ? 'center' : undefined}
                className={column.wide ? 'admin-wide' : undefined}
              >
                {column.heading ?? column.header}
              </Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{body}</Table.Body>
      </Table.Root>
      {!loading && rows?.length === 0 && empty}
      {pager && <Pager {...pager} />}
    </>
  );
}

/** The search box of a list: it answers after a short pause in typing, not on every key. */
export function SearchField({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch(value: string): void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), 250);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <Flex flexGrow="1" maxWidth="420px">
      <TextField.Root
        type="search"
        aria-label={label}
        placeholder={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        style={{ width: '100%' }}
      >
        <TextField.Slot>
          <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden="true">
            <circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
            <path d="M10 10l3.5 3.5" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
          </svg>
        </TextField.Slot>
      </TextField.Root>
    </Flex>
  );
}

export { EmptyState };
