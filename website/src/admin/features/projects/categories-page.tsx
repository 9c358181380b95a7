import type { AdminProjectCategory } from '@atelier/shared';
import { Button, Card, Flex, IconButton, Table, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useContentRights } from '../../ui/content-rights';
import { EmptyState } from '../../ui/empty-state';
import { FormField } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { useAction } from '../../ui/use-action';
import { useCategories, useCategoryChange } from './categories-api';

const MOVES = [
  ['up', -1, 'M4 9.5l3.5-4 3.5 4'],
  ['down', 1, 'M4 5.5l3.5 4 3.5-4'],
] as const;

const projectCount = (n: number) => `${n} ${n === 1 ? 'project' : 'projects'}`;

/**
 * /admin/projects/categories: the studio's categories in the order the public portfolio's tabs show them.
 * Editors and administrators add, rename, reorder and delete (a category holding projects is refused by the
 * server, with how many); the other roles read.
 */
export function CategoriesPage() {
  const categories = useCategories();
  const { publish: mayChange } = useContentRights();
  const change = useCategoryChange();
  const { busy, run } = useAction();
  const [name, setName] = useState('');
  const items = categories.data ?? [];

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const added = await run(() => change.mutateAsync({ kind: 'create', name }), {
      success: { title: 'Category Added', description: `"${name.trim()}" is now a portfolio tab.` },
      failure: 'Failed to add the category',
    });
    if (added) setName('');
  };

  const move = (index: number, step: number) => {
    const ids = items.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    if (moved) ids.splice(index + step, 0, moved);
    void run(() => change.mutateAsync({ kind: 'order', ids }), {
      failure: 'Failed to reorder the categories',
    });
  };

  return (
    <>
      <PageHeader
        title="Project Categories"
        lead="The portfolio's tabs, in this order after All. Renaming keeps every project in its category."
        actions={
          <Button asChild variant="soft" color="gray">
            <Link to="/admin/projects">Back to Projects</Link>
          </Button>
        }
      />
      {mayChange && (
        <Card mb="4" asChild>
          <form onSubmit={add} aria-label="Add a category">
            <Flex gap="3" align="center" wrap="wrap">
              <div style={{ flex: '1 1 16rem' }}>
                <FormField label="New category" hint="For example: Libraries & Clinics">
                  <TextField.Root value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
                </FormField>
              </div>
              <Button type="submit" loading={busy} disabled={!name.trim()}>
                Add Category
              </Button>
            </Flex>
          </form>
        </Card>
      )}
      {categories.data && items.length === 0 ? (
        <EmptyState message="No categories yet" />
      ) : (
        <Table.Root variant="surface" aria-label="Project categories" className="admin-categories">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Category</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell className="admin-wide">Projects</Table.ColumnHeaderCell>
              {mayChange && (
                <Table.ColumnHeaderCell>
                  <span className="visually-hidden">Actions</span>
                </Table.ColumnHeaderCell>
              )}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((category, index) => (
              <CategoryRow
                key={category.id}
                category={category}
                mayChange={mayChange}
                busy={busy}
                moves={MOVES.map(([direction, step, path]) => ({
                  direction,
                  path,
                  disabled: index + step < 0 || index + step >= items.length,
                  onMove: () => move(index, step),
                }))}
                onRename={(next) =>
                  run(() => change.mutateAsync({ kind: 'rename', id: category.id, name: next }), {
                    success: {
                      title: 'Category Renamed',
                      description: `"${category.name}" is now "${next.trim()}".`,
                    },
                    failure: 'Failed to rename the category',
                  })
                }
                onDelete={() =>
                  run(() => change.mutateAsync({ kind: 'delete', id: category.id }), {
                    success: {
                      title: 'Category Deleted',
                      description: `"${category.name}" has been deleted.`,
                    },
                    failure: 'Failed to delete the category',
                  })
                }
              />
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </>
  );
}

function CategoryRow({
  category,
  mayChange,
  busy,
  moves,
  onRename,
  onDelete,
}: {
  category: AdminProjectCategory;
  mayChange: boolean;
  busy: boolean;
  moves: { direction: string; path: string; disabled: boolean; onMove(): void }[];
  onRename(name: string): Promise<unknown>;
  onDelete(): void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (editing !== null && (await onRename(editing))) setEditing(null);
  };
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        {editing === null ? (
          <Flex direction="column">
            <Text weight="medium">{category.name}</Text>
            <Text size="1" color="gray" className="admin-break">
              /projects?category={category.slug}
            </Text>
            <Text size="1" color="gray" className="admin-narrow">
              {projectCount(category.project_count)}
            </Text>
          </Flex>
        ) : (
          <form onSubmit={save} aria-label={`Rename ${category.name}`}>
            <Flex gap="2" align="center" wrap="wrap">
              <TextField.Root
                aria-label={`New name of ${category.name}`}
                value={editing}
                maxLength={60}
                autoFocus
                onChange={(e) => setEditing(e.target.value)}
                onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
              />
              <Button type="submit" size="1" loading={busy} disabled={!editing.trim()}>
                Save
              </Button>
              <Button type="button" size="1" variant="soft" color="gray" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </Flex>
          </form>
        )}
      </Table.RowHeaderCell>
      <Table.Cell className="admin-wide">
        <Text color="gray">{projectCount(category.project_count)}</Text>
      </Table.Cell>
      {mayChange && (
        <Table.Cell>
          <Flex gap="2" align="center" justify="end" wrap="wrap">
            {moves.map((move) => (
              <IconButton
                key={move.direction}
                type="button"
                size="1"
                variant="ghost"
                color="gray"
                aria-label={`Move ${category.name} ${move.direction}`}
                disabled={move.disabled || busy}
                onClick={move.onMove}
              >
                <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden="true">
                  <path
                    d={move.path}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.4"
                    strokeLinecap="round"
                  />
                </svg>
              </IconButton>
            ))}
            <Button
              type="button"
              size="1"
              variant="soft"
              color="gray"
              aria-label={`Rename ${category.name}`}
              onClick={() => setEditing(category.name)}
            >
              Rename
            </Button>
            <ConfirmDialog
              trigger={
                <Button
                  type="button"
                  size="1"
                  variant="soft"
                  color="red"
                  aria-label={`Delete ${category.name}`}
                >
                  Delete
                </Button>
              }
              title={`Delete "${category.name}"?`}
              description={
                category.project_count > 0
                  ? `It holds ${projectCount(category.project_count)}: move them to another category first.`
                  : 'Its tab leaves the portfolio. No project is in it.'
              }
              onConfirm={onDelete}
            />
          </Flex>
        </Table.Cell>
      )}
    </Table.Row>
  );
}
