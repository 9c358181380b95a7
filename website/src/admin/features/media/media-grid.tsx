import type { MediaFolder, MediaItem, MediaList } from '@atelier/shared';
import { Button, Checkbox, Flex, Text } from '@radix-ui/themes';
import { EmptyState } from '../../ui/empty-state';
import { FolderIcon } from '../../ui/folder-nav';
import { Pager } from '../../ui/pager';
import { type Place, VIDEOS } from './folder-nav';
import { MediaTile } from './media-tile';

/** The files chosen for a bulk action, by id. */
export interface Selection {
  ids: Set<string>;
  set(ids: Set<string>): void;
}

/**
 * What to do with the selected files: clear the selection, move them, delete them; when the person may not
 * change some of them (`blocked` says why), moving and deleting are off.
 */
export function SelectionBar({
  selection,
  blocked,
  onMove,
  onDelete,
  onDescribe,
}: {
  selection: Selection;
  blocked?: string;
  onMove(): void;
  onDelete(): void;
  onDescribe(): void;
}) {
  if (selection.ids.size === 0) return null;
  return (
    <Flex asChild align="center" justify="between" gap="3" className="media-bulk" p="2" px="3">
      <section aria-label="Selected files">
        <Flex direction="column">
          <Text size="2" weight="medium">
            {selection.ids.size} selected
          </Text>
          {blocked && (
            <Text size="1" color="gray" id="media-bulk-blocked">
              {blocked}
            </Text>
          )}
        </Flex>
        <Flex gap="2">
          <Button size="1" variant="soft" highContrast color="gray" onClick={() => selection.set(new Set())}>
            Clear Selection
          </Button>
          <Button size="1" variant="soft" highContrast onClick={onDescribe}>
            Describe Selected
          </Button>
          {(['Move', 'Delete'] as const).map((action) => (
            <Button
              key={action}
              size="1"
              variant="soft"
              highContrast
              color={action === 'Delete' ? 'red' : undefined}
              disabled={blocked !== undefined}
              aria-describedby={blocked ? 'media-bulk-blocked' : undefined}
              onClick={action === 'Move' ? onMove : onDelete}
            >
              {action} Selected
            </Button>
          ))}
        </Flex>
      </section>
    </Flex>
  );
}

/**
 * One page of the library: the sub-folders (and Hero Videos at the root), then the files, each selectable,
 * with "select all" above, the empty state, and the pager.
 */
export function MediaGrid({
  list,
  loaded,
  subfolders,
  atRoot,
  searching,
  selection,
  onOpenFolder,
  onOpenItem,
  onPage,
}: {
  list: MediaList | undefined;
  loaded: boolean;
  subfolders: MediaFolder[];
  /** The library's root, not searching: Hero Videos shows as a folder. */
  atRoot: boolean;
  searching: boolean;
  selection: Selection;
  onOpenFolder(place: Place): void;
  onOpenItem(item: MediaItem): void;
  onPage(page: number): void;
}) {
  const items = list?.items ?? [];
  const { ids } = selection;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(ids);
    if (on) next.add(id);
    else next.delete(id);
    selection.set(next);
  };
  const folderTile = (key: string, name: string, place: Place) => (
    <li key={key} className="media-tile media-tile--folder">
      <button type="button" className="media-tile__open" onClick={() => onOpenFolder(place)}>
        <FolderIcon size={36} />
        <Text size="2">{name}</Text>
      </button>
    </li>
  );
  return (
    <>
      {items.length > 0 && (
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={items.every((item) => ids.has(item.id)) ? true : ids.size ? 'indeterminate' : false}
              onCheckedChange={(checked) =>
                selection.set(new Set(checked === true ? items.map((item) => item.id) : []))
              }
            />
            Select all files on this page
          </Flex>
        </Text>
      )}
      <ul className="media-grid" aria-label={searching ? 'Search results' : 'Files'}>
        {atRoot && folderTile(VIDEOS, 'Hero Videos', VIDEOS)}
        {subfolders.map((folder) => folderTile(folder.id, folder.name, folder.id))}
        {items.map((item) => (
          <MediaTile
            key={item.id}
            item={item}
            selected={ids.has(item.id)}
            onSelect={(on) => toggle(item.id, on)}
            onOpen={() => onOpenItem(item)}
          />
        ))}
      </ul>
      {loaded && items.length === 0 && subfolders.length === 0 && (
        <EmptyState
          message={
            searching
              ? 'No files match your search.'
              : 'This folder is empty. Drop files above to upload them.'
          }
        />
      )}
      {list && (
        <Pager
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          onPage={onPage}
          label="Media pages"
        />
      )}
    </>
  );
}
