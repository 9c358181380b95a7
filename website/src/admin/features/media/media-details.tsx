import { formatBytes, type MediaItem, type MediaUse, REVIEW_MESSAGES } from '@atelier/shared';
import { Badge, Button, DataList, Dialog, Flex, Link, Text, TextArea } from '@radix-ui/themes';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAdminSession, useCan, usePlatform } from '../../platform-context';
import { useAction } from '../../ui/use-action';
import { useUpdateMedia } from './api';
import { copyText } from './copy';

const EDIT_PATHS: Partial<Record<MediaUse['entity_type'], (id: string) => string>> = {
  projects: (id) => `/admin/projects/edit/${id}`,
  'blog-posts': (id) => `/admin/blog/edit/${id}`,
  services: (id) => `/admin/services/edit/${id}`,
  'team-members': (id) => `/admin/team-members/edit/${id}`,
  settings: () => '/admin/settings',
};
const ENTITY_NAMES: Record<MediaUse['entity_type'], string> = {
  projects: 'Project',
  'blog-posts': 'Blog post',
  services: 'Service',
  'team-members': 'Team member',
  settings: 'Settings',
  profiles: 'Profile',
};

/** "JPEG image", "PDF document". */
function describeType(mime: string): string {
  if (mime === 'application/pdf') return 'PDF document';
  const [kind, sub] = mime.split('/');
  return kind === 'image' && sub ? `${sub.toUpperCase()} image` : mime;
}

export function WhereUsed({ uses }: { uses: MediaUse[] }) {
  if (!uses.length) return <Text color="gray">Not used anywhere</Text>;
  return (
    <ul className="media-used">
      {uses.map((use) => {
        // An item in the Trash holds the file until it is restored or deleted forever: it is found there.
        const path = use.in_trash ? () => '/admin/trash' : EDIT_PATHS[use.entity_type];
        const label = `${ENTITY_NAMES[use.entity_type]}: ${use.title || use.entity_id} (${use.field})`;
        return (
          <li key={`${use.entity_type}-${use.entity_id}-${use.field}`}>
            {path ? (
              <Link asChild>
                <RouterLink to={path(use.entity_id)}>{label}</RouterLink>
              </Link>
            ) : (
              label
            )}
            {use.in_trash && (
              <Badge size="1" color="amber" ml="2">
                In trash
              </Badge>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A file's details: preview, size, dimensions, type, where it is used, its URL to copy, its alt text. */
export function MediaDetails({
  item,
  onOpenChange,
  onMove,
  onDelete,
}: {
  item: MediaItem | null;
  onOpenChange(open: boolean): void;
  onMove(item: MediaItem): void;
  onDelete(item: MediaItem): void;
}) {
  const platform = usePlatform();
  const manager = useCan('media');
  const userId = useAdminSession().session?.user.id;
  const update = useUpdateMedia();
  const saving = useAction();
  const [alt, setAlt] = useState('');
  useEffect(() => setAlt(item?.alt_text ?? ''), [item]);
  if (!item) return null;
  const url = platform.mediaUrl(item.url);
  const isImage = item.mime_type.startsWith('image/');
  // A contributor changes only the files they uploaded (the server holds to it too).
  const mine = manager || (item.uploaded_by !== null && item.uploaded_by === userId);
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="720px" aria-describedby={undefined}>
        <Dialog.Title>
          <Text truncate>{item.filename}</Text>
        </Dialog.Title>
        <Flex gap="5" direction={{ initial: 'column', sm: 'row' }}>
          <div className="media-details__preview">
            {isImage ? (
              <img src={url} alt={item.alt_text} />
            ) : (
              <Flex align="center" justify="center" height="100%">
                <Badge size="3" highContrast>
                  PDF
                </Badge>
              </Flex>
            )}
          </div>
          <Flex direction="column" gap="3" flexGrow="1" minWidth="0">
            <DataList.Root size="2">
              <DataList.Item>
                <DataList.Label>Type</DataList.Label>
                <DataList.Value>{describeType(item.mime_type)}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Size</DataList.Label>
                <DataList.Value>{formatBytes(item.size_bytes)}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Dimensions</DataList.Label>
                <DataList.Value>
                  {item.width && item.height ? `${item.width} × ${item.height} px` : '—'}
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Uploaded</DataList.Label>
                <DataList.Value>{format(new Date(item.created_at), 'MMM d, yyyy')}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>URL</DataList.Label>
                <DataList.Value>
                  <Flex gap="2" align="center" minWidth="0">
                    <Text size="1" truncate title={url}>
                      {item.url}
                    </Text>
                    <Button size="1" variant="soft" highContrast onClick={() => copyText(url)}>
                      Copy URL
                    </Button>
                  </Flex>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Where used</DataList.Label>
                <DataList.Value>
                  <WhereUsed uses={item.used_by} />
                </DataList.Value>
              </DataList.Item>
            </DataList.Root>
            {isImage && (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  void saving.run(() => update.mutateAsync({ id: item.id, alt_text: alt }), {
                    success: { title: 'Alt text saved', description: item.filename },
                    failure: 'Failed to save the alt text',
                  });
                }}
              >
                <Flex direction="column" gap="1">
                  <Text as="label" htmlFor="media-alt" size="2" weight="medium">
                    Alt Text
                  </Text>
                  <TextArea
                    id="media-alt"
                    rows={2}
                    value={alt}
                    maxLength={500}
                    readOnly={!mine}
                    onChange={(event) => setAlt(event.target.value)}
                    placeholder="Describe the image for people who cannot see it"
                  />
                  {mine && (
                    <Flex justify="end">
                      <Button size="1" type="submit" disabled={saving.busy || alt === item.alt_text}>
                        Save Alt Text
                      </Button>
                    </Flex>
                  )}
                </Flex>
              </form>
            )}
          </Flex>
        </Flex>
        <Flex gap="3" mt="4" justify="between">
          {mine ? (
            <Flex gap="2">
              <Button variant="soft" highContrast color="gray" onClick={() => onMove(item)}>
                Move
              </Button>
              <Button variant="soft" highContrast color="red" onClick={() => onDelete(item)}>
                Delete
              </Button>
            </Flex>
          ) : (
            <Text size="2" color="gray">
              {REVIEW_MESSAGES.notYourFile}
            </Text>
          )}
          <Dialog.Close>
            <Button variant="soft" highContrast color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
