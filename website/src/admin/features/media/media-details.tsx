import {
  CENTRE,
  type FocalPoint,
  formatBytes,
  type MediaItem,
  type MediaUse,
  REVIEW_MESSAGES,
} from '@atelier/shared';
import { Badge, Button, DataList, Dialog, Flex, Link, Text, TextArea } from '@radix-ui/themes';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { showToast } from '../../../lib/toasts';
import type { UploadOptions } from '../../platform';
import { useAdminSession, useCan, usePlatform } from '../../platform-context';
import { describePoint, FocalPointPicker } from '../../ui/focal-point-picker';
import { useAction } from '../../ui/use-action';
import { useImageUpload } from '../../ui/use-image-upload';
import { useReplaceMedia, useUpdateMedia } from './api';
import { copyText } from './copy';
import { CropDialog } from './crop-dialog';

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

/**
 * "Replace File…": a new version uploaded (the same bucket and kind; the same bytes as a library file give
 * that file), then shown everywhere the item was used, its alt text carried over; the old address redirects.
 */
function ReplaceFileButton({
  item,
  bucket,
  onReplaced,
}: {
  item: MediaItem;
  bucket: NonNullable<UploadOptions['bucket']>;
  onReplaced(item: MediaItem): void;
}) {
  const accept = item.mime_type.startsWith('image/') ? undefined : [item.mime_type];
  const upload = useImageUpload(bucket, accept);
  const replace = useReplaceMedia();
  const { run, busy } = useAction();
  const start = async () => {
    const [url] = await upload.pickAndUpload();
    if (!url) return;
    const done = await run(() => replace.mutateAsync({ id: item.id, url }), {
      failure: 'Failed to replace the file',
    });
    if (!done) return;
    const places = done.switched.length;
    showToast(
      'File replaced',
      `${done.item.filename} now shows in ${places} ${places === 1 ? 'place' : 'places'}; the old address leads to it.`,
      'success',
    );
    onReplaced(done.item);
  };
  return (
    <Button variant="soft" highContrast color="gray" loading={busy || upload.uploading} onClick={start}>
      Replace File…
    </Button>
  );
}

const samePoint = (a: FocalPoint, b: FocalPoint) => a.x === b.x && a.y === b.y;

/**
 * A file's details: preview (an image's with its focal point, set by a click or the arrow keys), size,
 * dimensions, type, where it is used, its URL to copy, its alt text; an image can be cropped into a new file.
 */
export function MediaDetails({
  item,
  onOpenChange,
  onOpenItem,
  onMove,
  onDelete,
  onReplaced,
}: {
  item: MediaItem | null;
  onOpenChange(open: boolean): void;
  /** Shows another file's details (a crop just made). */
  onOpenItem(item: MediaItem): void;
  onMove(item: MediaItem): void;
  onDelete(item: MediaItem): void;
  /** The file that took the item's place everywhere it was used. */
  onReplaced(item: MediaItem): void;
}) {
  const platform = usePlatform();
  const manager = useCan('media');
  const userId = useAdminSession().session?.user.id;
  const update = useUpdateMedia();
  const saving = useAction();
  const [alt, setAlt] = useState('');
  const [focus, setFocus] = useState(CENTRE);
  const [savedFocus, setSavedFocus] = useState(CENTRE);
  const [cropping, setCropping] = useState(false);
  useEffect(() => {
    setAlt(item?.alt_text ?? '');
    setFocus(item?.focus ?? CENTRE);
    setSavedFocus(item?.focus ?? CENTRE);
  }, [item]);
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
          {isImage ? (
            <Flex direction="column" gap="2" className="media-details__focal">
              <FocalPointPicker
                src={url}
                alt={item.alt_text}
                value={focus}
                onChange={setFocus}
                disabled={!mine}
              />
              <Text size="1" color="gray">
                Focal point: {describePoint(focus)}
              </Text>
              {mine && (
                <Flex gap="2" wrap="wrap">
                  <Button
                    size="1"
                    disabled={saving.busy || samePoint(focus, savedFocus)}
                    onClick={async () => {
                      const saved = await saving.run(() => update.mutateAsync({ id: item.id, focus }), {
                        success: { title: 'Focal point saved', description: item.filename },
                        failure: 'Failed to save the focal point',
                      });
                      if (saved) setSavedFocus(saved.focus);
                    }}
                  >
                    Save Focal Point
                  </Button>
                  <Button
                    size="1"
                    variant="soft"
                    color="gray"
                    highContrast
                    disabled={samePoint(focus, CENTRE)}
                    onClick={() => setFocus(CENTRE)}
                  >
                    Centre
                  </Button>
                </Flex>
              )}
            </Flex>
          ) : (
            <div className="media-details__preview">
              <Flex align="center" justify="center" height="100%">
                <Badge size="3" highContrast>
                  PDF
                </Badge>
              </Flex>
            </div>
          )}
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
        <Flex gap="3" mt="4" justify="between" wrap="wrap">
          {mine ? (
            <Flex gap="2" wrap="wrap">
              <Button variant="soft" highContrast color="gray" onClick={() => onMove(item)}>
                Move
              </Button>
              {isImage && item.mime_type !== 'image/gif' && (
                <Button variant="soft" highContrast color="gray" onClick={() => setCropping(true)}>
                  Crop…
                </Button>
              )}
              {manager && item.bucket !== 'avatars' && (
                <ReplaceFileButton item={item} bucket={item.bucket} onReplaced={onReplaced} />
              )}
              <Button variant="soft" highContrast color="red" onClick={() => onDelete(item)}>
                Delete
              </Button>
            </Flex>
          ) : (
            <Text size="2" color="gray">
              {REVIEW_MESSAGES.notYourFile}
            </Text>
          )}
          <Flex flexGrow="1" justify="end">
            <Dialog.Close>
              <Button variant="soft" highContrast color="gray">
                Close
              </Button>
            </Dialog.Close>
          </Flex>
        </Flex>
      </Dialog.Content>
      {cropping && (
        <CropDialog
          item={item}
          onClose={() => setCropping(false)}
          onCropped={(crop) => {
            setCropping(false);
            onOpenItem(crop);
          }}
        />
      )}
    </Dialog.Root>
  );
}
