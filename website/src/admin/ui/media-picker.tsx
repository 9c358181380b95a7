import { Box, Button, Dialog, Flex, Grid, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useMediaList } from '../api/media-library';
import { usePlatform } from '../platform-context';
import { SearchField } from './data-table';
import { EmptyState } from './empty-state';
import { Pager } from './pager';

/** Chooses stored images from the media library (every folder, searchable); resolves with their URLs. */
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
  const [chosen, setChosen] = useState<string[]>([]);
  const list = useMediaList({ folderId: null, all: true, q, page });
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
      <Dialog.Content maxWidth="760px">
        <Dialog.Title>Media Library</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {multiple ? 'Choose one or more images.' : 'Choose an image.'}
        </Dialog.Description>
        <Flex mb="3">
          <SearchField
            label="Search files"
            value={q}
            onSearch={(value) => {
              setQ(value);
              setPage(1);
            }}
          />
        </Flex>
        {list.data && images.length === 0 ? (
          <EmptyState message="No images found." />
        ) : (
          <Grid columns={{ initial: '3', sm: '5' }} gap="2">
            {images.map((item) => {
              const selected = chosen.includes(item.url);
              return (
                <button
                  key={item.id}
                  type="button"
                  className="admin-pick"
                  aria-pressed={selected}
                  aria-label={item.alt_text || item.filename}
                  onClick={() => toggle(item.url)}
                >
                  <img src={platform.mediaUrl(item.url)} alt="" loading="lazy" />
                </button>
              );
            })}
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
