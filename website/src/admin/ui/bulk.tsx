import type { BulkAction, BulkResult } from '@atelier/shared';
import { Button, Card, Checkbox, Flex, Text } from '@radix-ui/themes';
import { useCallback, useMemo, useState } from 'react';
import { messageOf } from '../../lib/failure';
import { showToast } from '../../lib/toasts';
import { useDeletedToast } from '../api/trash';
import { ConfirmDialog } from './confirm-dialog';

/**
 * What a list lets its reader do to several rows at once: the actions (Delete among them when they may
 * delete), the server's bulk call and the rows' names. Each row is done as its single operation would be, and
 * the answer says which were not, and why.
 */
export interface BulkSpec<T> {
  /** "project", "projects". */
  noun: [one: string, many: string];
  actions: { action: BulkAction; label: string }[];
  run(action: BulkAction, ids: string[]): Promise<BulkResult>;
  name(row: T): string;
}

/** The ids a list has selected (kept across its pages until an action or "Clear"). */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const set = useCallback((ids: string[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  return useMemo(() => ({ selected, set, clear: () => setSelected(new Set()) }), [selected, set]);
}
export type Selection = ReturnType<typeof useSelection>;

/** A row's checkbox, named after the row. */
export function SelectBox({ selection, id, name }: { selection: Selection; id: string; name: string }) {
  return (
    <Checkbox
      aria-label={`Select ${name}`}
      checked={selection.selected.has(id)}
      onCheckedChange={(on) => selection.set([id], on === true)}
    />
  );
}

/** The header's checkbox: every row of this page, or none. */
export function SelectPageBox({ selection, ids }: { selection: Selection; ids: string[] }) {
  const chosen = ids.filter((id) => selection.selected.has(id)).length;
  return (
    <Checkbox
      aria-label="Select all on this page"
      checked={ids.length > 0 && chosen === ids.length ? true : chosen > 0 ? 'indeterminate' : false}
      onCheckedChange={(on) => selection.set(ids, on === true)}
    />
  );
}

const count = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;

/**
 * The bar above a list while rows are selected: how many, the actions (Delete asks first, naming the count),
 * Clear. After an action, what was done leaves the selection; what was refused stays selected and the toast
 * names each with its reason.
 */
export function BulkBar<T>({
  spec,
  selection,
  names,
}: {
  spec: BulkSpec<T>;
  selection: Selection;
  /** The names of the rows seen so far, by id (for the refusals' toast). */
  names: ReadonlyMap<string, string>;
}) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deleted = useDeletedToast();
  const ids = [...selection.selected];
  if (ids.length === 0 || spec.actions.length === 0) return null;

  const run = async (action: BulkAction, label: string) => {
    setBusy(true);
    try {
      const result = await spec.run(action, ids);
      selection.set(result.done, false);
      const done = `${count(result.done.length, spec.noun)}: done.`;
      // What a delete moved to the Trash comes back with the toast's Undo.
      if (result.done.length > 0 && action === 'delete') deleted(label, done, result.done);
      else if (result.done.length > 0) showToast(label, done);
      if (result.failed.length > 0) {
        showToast(
          `${count(result.failed.length, spec.noun)} not changed`,
          result.failed.map((item) => `${names.get(item.id) ?? item.id}: ${item.message}`).join(' · '),
          'destructive',
        );
      }
    } catch (error) {
      showToast('Error', messageOf(error, `${label} failed`), 'destructive');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="1" mb="3" className="admin-bulk" role="region" aria-label="Selected items">
      <Flex gap="2" align="center" wrap="wrap">
        <Text size="2" weight="medium" mr="2">
          {count(ids.length, spec.noun)} selected
        </Text>
        {spec.actions.map(({ action, label }) =>
          action === 'delete' ? (
            <Button
              key={action}
              size="1"
              color="red"
              variant="soft"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              {label}
            </Button>
          ) : (
            <Button
              key={action}
              size="1"
              variant="soft"
              disabled={busy}
              onClick={() => void run(action, label)}
            >
              {label}
            </Button>
          ),
        )}
        <Button size="1" variant="ghost" color="gray" onClick={selection.clear} disabled={busy}>
          Clear selection
        </Button>
      </Flex>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${count(ids.length, spec.noun)}?`}
        description={`This action cannot be undone. This will permanently delete ${count(ids.length, spec.noun)}${ids.length === 1 && names.get(ids[0] ?? '') ? `: "${names.get(ids[0] ?? '')}"` : ''}.`}
        onConfirm={() => void run('delete', 'Deleted')}
      />
    </Card>
  );
}

/** The names of the rows a list has shown, remembered so a refusal on another page is still named. */
export function useRowNames<T>(rows: T[] | undefined, key: (row: T) => string, name: (row: T) => string) {
  const [names] = useState(() => new Map<string, string>());
  for (const row of rows ?? []) names.set(key(row), name(row));
  return names;
}

/**
 * A list's bulk actions for what the reader may do: Publish/Unpublish (Activate/Deactivate for what is active
 * rather than published) and Feature/Unfeature for those who publish; Delete for those who may delete.
 */
export function bulkActions(options: {
  remove: boolean;
  publish?: 'Publish' | 'Activate' | false;
  feature?: boolean;
}): BulkSpec<unknown>['actions'] {
  const { remove, publish, feature } = options;
  return [
    ...(publish
      ? [
          { action: 'publish', label: publish },
          { action: 'unpublish', label: publish === 'Publish' ? 'Unpublish' : 'Deactivate' },
        ]
      : []),
    ...(feature
      ? [
          { action: 'feature', label: 'Feature' },
          { action: 'unfeature', label: 'Unfeature' },
        ]
      : []),
    ...(remove ? [{ action: 'delete', label: 'Delete' }] : []),
  ] as BulkSpec<unknown>['actions'];
}
