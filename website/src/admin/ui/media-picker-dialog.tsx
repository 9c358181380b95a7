import type { MediaItem } from '@atelier/shared';
import { Button, Dialog, Flex, Select, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { useMediaFolders, useMediaList } from '../api/media';
import { usePlatform } from '../platform-context';
import { SearchField } from './data-table';
import { EmptyState } from './empty-state';
import { Pager } from './pager';
import './media-picker.css';

const EVERY = 'every';
const ROOT = 'root';

interface MediaPickerDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The chosen files, in the order they were picked. */
  onPick(items: MediaItem[]): void;
  multiple?: boolean;
  title?: string;
}

/**
 * Picks images already in the media library (the project form's "From Library"): browse a folder or search
 * every folder, select one or several, and add them.
 */
export function MediaPickerDialog({
  open,
  onOpenChange,
  onPick,
  multiple = true,
  title = 'Choose from Media Library',
}: MediaPickerDialogProps) {
  const platform = usePlatform();
  const [folder, setFolder] = useState(EVERY);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<MediaItem[]>([]);
  const folders = useMediaFolders();
  const list = useMediaList({
    folderId: folder === EVERY || folder === ROOT ? null : folder,
    all: folder === EVERY,
    q,
    page,
  });
  useEffect(() => {
    if (open) setChosen([]);
  }, [open]);
  const images = (list.data?.items ?? []).filter((item) => item.mime_type.startsWith('image/'));
  const toggle = (item: MediaItem) =>
    setChosen((before) =>
      before.some((each) => each.id === item.id)
        ? before.filter((each) => each.id !== item.id)
        : multiple
          ? [...before, item]
          : [item],
    );
  const flat = (tree = folders.data ?? [], depth = 0): { id: string; name: string; depth: number }[] =>
    tree.flatMap((each) => [{ id: each.id, name: each.name, depth }, ...flat(each.children, depth + 1)]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="860px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {multiple ? 'Select one or more images.' : 'Select an image.'}
        </Dialog.Description>
        <Flex gap="3" mb="3" wrap="wrap">
          <Select.Root
            value={folder}
            onValueChange={(value) => {
              setFolder(value);
              setPage(1);
            }}
          >
            <Select.Trigger aria-label="Folder" />
            <Select.Content>
              <Select.Item value={EVERY}>All folders</Select.Item>
              <Select.Item value={ROOT}>Library root</Select.Item>
              {flat().map((each) => (
                <Select.Item key={each.id} value={each.id}>
                  {`${'\u2003'.repeat(each.depth)}${each.name}`}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <SearchField
            label="Search the library"
            value={q}
            onSearch={(value) => {
              setQ(value);
              setPage(1);
            }}
          />
        </Flex>
        <ul className="media-picker" aria-label="Library images">
          {images.map((item) => {
            const on = chosen.some((each) => each.id === item.id);
            return (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={on}
                  aria-label={item.filename}
                  className="media-picker__item"
                  onClick={() => toggle(item)}
                >
                  <img src={platform.mediaUrl(item.url)} alt="" loading="lazy" />
                  <Text size="1" truncate>
                    {item.filename}
                  </Text>
                </button>
              </li>
            );
          })}
        </ul>
        {list.isSuccess && images.length === 0 && <EmptyState message="No images found." />}
        {list.data && (
          <Pager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={setPage}
            label="Library pages"
          />
        )}
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button
            disabled={!chosen.length}
            onClick={() => {
              onPick(chosen);
              onOpenChange(false);
            }}
          >
            {chosen.length > 1 ? `Add ${chosen.length} Images` : 'Add Image'}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
