import {
  CENTRE,
  type FocalPoint,
  imageUrlProblem,
  ADMIN_MESSAGES as M,
  type MediaItem,
  objectPosition,
} from '@atelier/shared';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  Badge,
  Box,
  Button,
  Dialog,
  Flex,
  Grid,
  IconButton,
  Progress,
  Text,
  TextField,
} from '@radix-ui/themes';
import { type ComponentProps, useState } from 'react';
import { showToast } from '../../../lib/toasts';
import { urlName, useMediaFiles } from '../../api/media-library';
import { usePlatform } from '../../platform-context';
import { describePoint, FocalPointPicker } from '../../ui/focal-point-picker';
import { FormField } from '../../ui/form-field';
import { MediaPicker } from '../../ui/media-picker';
import { useImageUpload } from '../../ui/use-image-upload';

export interface ImagesValue {
  images: string[];
  thumbnail: string | null;
  image_alts: Record<string, string>;
  /** The project's own focal point of an image, where it frames it otherwise than the library does. */
  image_focus: Record<string, FocalPoint>;
}

interface ProjectImagesProps {
  value: ImagesValue;
  onChange(value: ImagesValue): void;
  error?: string;
}

/** The 15-pixel glyphs of an image's tools. */
const GLYPHS = {
  drag: 'M5 3.5h.01M10 3.5h.01M5 7.5h.01M10 7.5h.01M5 11.5h.01M10 11.5h.01',
  earlier: 'M9 3.5L5 7.5l4 4',
  later: 'M6 3.5l4 4-4 4',
  remove: 'M4 4l7 7M11 4l-7 7',
  focus: 'M7.5 1.5v3M7.5 10.5v3M1.5 7.5h3M10.5 7.5h3M7.5 5.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4',
} as const;
/** Move one place earlier or later: the keyboard's (and a screen reader's) way to reorder. */
const MOVES = [
  ['earlier', -1],
  ['later', 1],
] as const;

/** One small ghost button under an image, labelled for screen readers by the caller. */
function ImageTool({
  glyph,
  color = 'gray',
  ...props
}: { glyph: keyof typeof GLYPHS } & Omit<ComponentProps<typeof IconButton>, 'children'>) {
  return (
    <IconButton type="button" variant="ghost" color={color} size="1" {...props}>
      <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden="true">
        <path
          d={GLYPHS[glyph]}
          fill="none"
          stroke="currentColor"
          strokeWidth={glyph === 'drag' ? 2.2 : 1.4}
          strokeLinecap="round"
        />
      </svg>
    </IconButton>
  );
}

/**
 * The project's focal point of one image: the library's until moved here (then the project's own, for its
 * pages and tiles); "Use the library's point" drops the project's.
 */
function ImageFocusDialog({
  url,
  label,
  file,
  value,
  onChange,
  onClose,
}: {
  url: string;
  label: string;
  file: MediaItem | undefined;
  value: ImagesValue;
  onChange(value: ImagesValue): void;
  onClose(): void;
}) {
  const platform = usePlatform();
  const own = value.image_focus[url];
  const point = own ?? file?.focus ?? CENTRE;
  const { [url]: _dropped, ...others } = value.image_focus;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>Focal Point of {label}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Click the photograph where this project's frames should keep it in view.
          {own ? ' This project has its own point.' : ' The media library’s point is used.'}
        </Dialog.Description>
        <Flex direction="column" gap="2" align="center">
          <FocalPointPicker
            src={platform.mediaUrl(url)}
            alt={value.image_alts[url] ?? file?.alt_text ?? ''}
            value={point}
            label={`Focal point of ${label}`}
            onChange={(next) => onChange({ ...value, image_focus: { ...value.image_focus, [url]: next } })}
          />
          <Text size="1" color="gray">
            {describePoint(point)}
          </Text>
        </Flex>
        <Flex gap="3" mt="4" justify="end">
          <Button
            variant="soft"
            color="gray"
            highContrast
            disabled={!own}
            onClick={() => onChange({ ...value, image_focus: others })}
          >
            Use the Library’s Point
          </Button>
          <Dialog.Close>
            <Button>Done</Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function SortableImage({
  url,
  file,
  name,
  index,
  value,
  onChange,
}: {
  url: string;
  /** The library's file of the image (its name, alt text and focal point), if it is one. */
  file: MediaItem | undefined;
  /** The file's name, shown under the photograph. */
  name: string;
  index: number;
  value: ImagesValue;
  onChange(value: ImagesValue): void;
}) {
  const platform = usePlatform();
  const [focusing, setFocusing] = useState(false);
  const point = value.image_focus[url] ?? file?.focus;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: url });
  const isThumbnail = value.thumbnail === url;
  const label = `Image ${index + 1}`;
  return (
    <Box
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
      className={`admin-image${isThumbnail ? ' admin-image--thumb' : ''}`}
    >
      <button
        type="button"
        className="admin-image__pick"
        aria-pressed={isThumbnail}
        aria-label={`Use ${label} as the thumbnail`}
        onClick={() => onChange({ ...value, thumbnail: url })}
      >
        <img
          src={platform.mediaUrl(url)}
          alt={value.image_alts[url] ?? ''}
          style={point && { objectPosition: objectPosition(point) }}
        />
      </button>
      {isThumbnail && (
        <Badge className="admin-image__badge" color="amber" variant="solid">
          Thumbnail
        </Badge>
      )}
      <Box px="2" pt="2">
        <Text as="p" size="1" weight="medium" className="admin-image__name" title={name} mb="1">
          {name}
        </Text>
        <TextField.Root
          size="1"
          placeholder="Alt text"
          aria-label={`Alt text of ${label}`}
          value={value.image_alts[url] ?? ''}
          onChange={(event) =>
            onChange({ ...value, image_alts: { ...value.image_alts, [url]: event.target.value } })
          }
        />
      </Box>
      <Flex gap="1" p="2" align="center" justify="between">
        <ImageTool
          glyph="drag"
          aria-label={`Drag ${label}`}
          className="admin-image__handle"
          {...attributes}
          {...listeners}
        />
        {MOVES.map(([direction, step]) => {
          const to = index + step;
          return (
            <ImageTool
              key={direction}
              glyph={direction}
              aria-label={`Move ${label} ${direction}`}
              disabled={to < 0 || to >= value.images.length}
              onClick={() => onChange({ ...value, images: arrayMove(value.images, index, to) })}
            />
          );
        })}
        <ImageTool glyph="focus" aria-label={`Focal point of ${label}`} onClick={() => setFocusing(true)} />
        <ImageTool
          glyph="remove"
          color="red"
          aria-label={`Remove ${label}`}
          onClick={() => {
            const images = value.images.filter((item) => item !== url);
            const { [url]: _alt, ...image_alts } = value.image_alts;
            const { [url]: _focus, ...image_focus } = value.image_focus;
            onChange({
              images,
              image_alts,
              image_focus,
              thumbnail: value.thumbnail === url ? (images[0] ?? null) : value.thumbnail,
            });
          }}
        />
      </Flex>
      {focusing && (
        <ImageFocusDialog
          url={url}
          label={label}
          file={file}
          value={value}
          onChange={onChange}
          onClose={() => setFocusing(false)}
        />
      )}
    </Box>
  );
}

/**
 * A project's images: added by URL (the URL rule and its messages), uploaded, or chosen from
 * the media library; clicking one makes it the thumbnail; dragged (or moved with the keyboard from the
 * handle) to reorder; removed; each with its alt text.
 */
export function ProjectImages({ value, onChange, error }: ProjectImagesProps) {
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState('');
  const upload = useImageUpload('projects');
  const fileOf = useMediaFiles(value.images);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const add = (urls: string[]) => {
    const images = [...value.images, ...urls.filter((item) => !value.images.includes(item))];
    onChange({ ...value, images, thumbnail: value.thumbnail ?? images[0] ?? null });
  };

  const addUrl = () => {
    const problem = imageUrlProblem(url);
    if (problem) {
      setUrlError(problem);
      showToast(problem === M.imageUrlRequired ? 'URL Required' : 'Invalid URL', problem, 'destructive');
      return;
    }
    setUrlError('');
    add([url.trim()]);
    setUrl('');
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = value.images.indexOf(String(active.id));
    const to = value.images.indexOf(String(over.id));
    onChange({ ...value, images: arrayMove(value.images, from, to) });
  };

  return (
    <Flex direction="column" gap="3" role="group" aria-label="Project images">
      <Text as="div" size="2" weight="medium">
        Images
      </Text>
      <Flex gap="2" align="end">
        <Box flexGrow="1">
          <FormField label="Image URL" error={urlError}>
            <TextField.Root
              type="url"
              placeholder="https://…/photo.jpg"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addUrl();
                }
              }}
            />
          </FormField>
        </Box>
        <Button
          type="button"
          variant="soft"
          onClick={addUrl}
          style={{ marginBottom: urlError ? '1.5rem' : 0 }}
        >
          Add Image
        </Button>
      </Flex>
      <Flex gap="2" wrap="wrap">
        <Button
          type="button"
          variant="soft"
          loading={upload.uploading}
          onClick={async () => add(await upload.pickAndUpload(true))}
        >
          Upload Images
        </Button>
        <MediaPicker multiple onPick={add} />
      </Flex>
      {upload.uploading && <Progress value={upload.progress ?? 0} aria-label="Uploading image" />}
      {value.images.length === 0 ? (
        <Text size="2" color="gray">
          No images yet. The first image becomes the thumbnail; click another to choose it.
        </Text>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={value.images} strategy={rectSortingStrategy}>
            <Grid columns="repeat(auto-fill, minmax(150px, 1fr))" gap="3">
              {value.images.map((image, index) => (
                <SortableImage
                  key={image}
                  url={image}
                  file={fileOf(image)}
                  name={fileOf(image)?.filename ?? urlName(image)}
                  index={index}
                  value={value}
                  onChange={onChange}
                />
              ))}
            </Grid>
          </SortableContext>
        </DndContext>
      )}
      {error && (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}
