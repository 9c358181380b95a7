import { previewUrl } from '@atelier/shared';
import { Box, Button, Dialog, Flex, Grid, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useMediaFolders, useMediaList } from '../api/media-library';
import { usePlatform } from '../platform-context';
import { SearchField } from './data-table';
import { EmptyState } from './empty-state';
import { FolderNav, type Place } from './folder-nav';
import { Pager } from './pager';

/**
 * Chooses stored images from the media library: All Files (every folder) or one folder, searched by name or
 * alt text (in the open folder, or everywhere from All Files), each image with its file name; resolves with
 * their URLs.
 */
export function MediaPicker({
  onPick,
  multiple = false,
  label = 'Choose from Library',
}: {
  onPick(urls: string[]): void;
  multiple?: boolean;
  label?: string;
}) {
  const platform = usePlatform();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [place, setPlace] = useState<Place>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const folders = useMediaFolders();
  const list = useMediaList({ folderId: place, all: place === null, q, page });
  const images = list.data?.items.filter((item) => item.mime_type.startsWith('image/')) ?? [];

  const toggle = (url: string) =>
    setChosen((current) =>
      current.includes(url) ? current.filter((item) => item !== url) : multiple ? [...current, url] : [url],
    );

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setChosen([]);
      }}
    >
      <Dialog.Trigger>
        <Button type="button" variant="soft" color="gray">
          {label}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="960px">
        <Dialog.Title>Media Library</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {multiple ? 'Choose one or more images.' : 'Choose an image.'}
        </Dialog.Description>
        <div className="admin-picker">
          <FolderNav
            tree={folders.data ?? []}
            place={place}
            onOpen={(next) => {
              setPlace(next);
              setPage(1);
            }}
          />
          <Flex direction="column" gap="3" minWidth="0">
            <SearchField
              label="Search files"
              value={q}
              onSearch={(value) => {
                setQ(value);
                setPage(1);
              }}
            />
            {list.data && images.length === 0 ? (
              <EmptyState message="No images found." />
            ) : (
              <Grid columns={{ initial: '2', sm: '4' }} gap="2">
                {images.map((item) => (
                  <button
                    key={item.id}
                    type="button"
                    className="admin-pick"
                    aria-pressed={chosen.includes(item.url)}
                    aria-label={item.filename}
                    title={item.filename}
                    onClick={() => toggle(item.url)}
                  >
                    <img
                      src={platform.mediaUrl(previewUrl(item.url, item.mime_type))}
                      alt=""
                      loading="lazy"
                    />
                    <Text as="span" size="1" className="admin-pick__name">
                      {item.filename}
                    </Text>
                  </button>
                ))}
              </Grid>
            )}
            {list.data && (
              <Pager
                page={list.data.page}
                pageSize={list.data.pageSize}
                total={list.data.total}
                onPage={setPage}
              />
            )}
          </Flex>
        </div>
        <Flex gap="3" mt="4" justify="end" align="center">
          <Box flexGrow="1">
            <Text size="2" color="gray">
              {chosen.length} selected
            </Text>
          </Box>
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button
            type="button"
            disabled={chosen.length === 0}
            onClick={() => {
              onPick(chosen);
              setOpen(false);
            }}
          >
            Use {multiple ? 'Images' : 'Image'}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
