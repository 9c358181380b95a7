import { aspectCrop, CROP_ASPECTS, type CropRect, type MediaItem } from '@atelier/shared';
import { Button, Dialog, Flex, SegmentedControl, Text } from '@radix-ui/themes';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { usePlatform } from '../../platform-context';
import { useAction } from '../../ui/use-action';
import { useCropMedia } from './api';

const FREE = 'Free';
const WHOLE: CropRect = { left: 0, top: 0, width: 1, height: 1 };
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The rectangle a drag from `start` to `end` draws (fractions of an image `size`), held to `ratio` (width /
 * height in pixels) when there is one and kept inside the image.
 */
function drawn(
  start: { x: number; y: number },
  end: { x: number; y: number },
  size: { width: number; height: number },
  ratio: number | null,
): CropRect {
  const dirX = end.x >= start.x ? 1 : -1;
  const dirY = end.y >= start.y ? 1 : -1;
  const roomX = (dirX > 0 ? 1 - start.x : start.x) * size.width;
  const roomY = (dirY > 0 ? 1 - start.y : start.y) * size.height;
  let w = Math.min(Math.abs(end.x - start.x) * size.width, roomX);
  let h = Math.min(Math.abs(end.y - start.y) * size.height, roomY);
  if (ratio) {
    if (w / ratio > h) h = w / ratio;
    else w = h * ratio;
    const fit = Math.min(1, roomX / w, roomY / h);
    w *= fit;
    h *= fit;
  }
  const width = w / size.width;
  const height = h / size.height;
  return {
    left: dirX > 0 ? start.x : start.x - width,
    top: dirY > 0 ? start.y : start.y - height,
    width,
    height,
  };
}

/** The rectangle moved by (dx, dy) and scaled by `scale` about its centre, kept inside the image. */
function adjusted(rect: CropRect, dx: number, dy: number, scale: number): CropRect {
  const width = clamp(rect.width * scale, 0.05, 1);
  const height = clamp(rect.height * (width / rect.width), 0.05, 1);
  const fit = Math.min(1, 1 / width, 1 / height);
  const w = width * fit;
  const h = height * fit;
  const cx = rect.left + rect.width / 2 + dx;
  const cy = rect.top + rect.height / 2 + dy;
  return { left: clamp(cx - w / 2, 0, 1 - w), top: clamp(cy - h / 2, 0, 1 - h), width: w, height: h };
}

/**
 * Crop an image, free or held to an aspect (3:2, 4:3, 1:1, 16:9, 4:5): an aspect starts as the largest
 * rectangle around the focal point; a drag on the photograph draws another; the keyboard moves it (arrow
 * keys) and sizes it (+ and −). Saved as a new file that records its source: the original is never changed.
 */
export function CropDialog({
  item,
  onClose,
  onCropped,
}: {
  item: MediaItem;
  onClose(): void;
  onCropped(item: MediaItem): void;
}) {
  const platform = usePlatform();
  const crop = useCropMedia();
  const saving = useAction();
  const size = { width: item.width ?? 1, height: item.height ?? 1 };
  const [aspect, setAspect] = useState<string>(FREE);
  const [rect, setRect] = useState<CropRect>(WHOLE);
  const start = useRef<{ x: number; y: number } | null>(null);
  const ratio = CROP_ASPECTS.find((a) => a.label === aspect)?.ratio ?? null;

  const at = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: clamp((event.clientX - box.left) / box.width, 0, 1),
      y: clamp((event.clientY - box.top) / box.height, 0, 1),
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const next = drawn(start.current, at(event), size, ratio);
    if (next.width * size.width >= 4 && next.height * size.height >= 4) setRect(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 0.1 : 0.01;
    const keys: Record<string, [number, number, number]> = {
      ArrowLeft: [-step, 0, 1],
      ArrowRight: [step, 0, 1],
      ArrowUp: [0, -step, 1],
      ArrowDown: [0, step, 1],
      '+': [0, 0, 1.05],
      '=': [0, 0, 1.05],
      '-': [0, 0, 1 / 1.05],
    };
    const key = keys[event.key];
    if (!key) return;
    event.preventDefault();
    setRect(adjusted(rect, ...key));
  };
  const pixels = `${Math.round(rect.width * size.width)} × ${Math.round(rect.height * size.height)} px`;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="760px">
        <Dialog.Title>Crop Image</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          The crop is saved as a new image; {item.filename} stays as it is.
        </Dialog.Description>
        <Flex direction="column" gap="3" align="center">
          <SegmentedControl.Root
            size="1"
            aria-label="Aspect"
            value={aspect}
            onValueChange={(next) => {
              setAspect(next);
              const held = CROP_ASPECTS.find((a) => a.label === next);
              setRect(held ? aspectCrop(held.ratio, item.focus, size.width, size.height) : WHOLE);
            }}
          >
            {[FREE, ...CROP_ASPECTS.map((a) => a.label)].map((label) => (
              <SegmentedControl.Item key={label} value={label}>
                {label}
              </SegmentedControl.Item>
            ))}
          </SegmentedControl.Root>
          <div
            className="crop-area"
            onPointerDown={(event) => {
              if (event.button !== 0) return;
              event.currentTarget.setPointerCapture(event.pointerId);
              start.current = at(event);
            }}
            onPointerMove={onPointerMove}
            onPointerUp={() => {
              start.current = null;
            }}
          >
            <img src={platform.mediaUrl(item.url)} alt={item.alt_text} draggable={false} />
            <button
              type="button"
              className="crop-area__box"
              aria-label={`Crop area, ${pixels}`}
              aria-describedby="crop-help"
              onKeyDown={onKeyDown}
              style={{
                left: `${rect.left * 100}%`,
                top: `${rect.top * 100}%`,
                width: `${rect.width * 100}%`,
                height: `${rect.height * 100}%`,
              }}
            />
          </div>
          <Text id="crop-help" size="1" color="gray" align="center">
            Drag on the photograph to draw the crop. Arrow keys move it; + and − resize it. {pixels}
          </Text>
        </Flex>
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray" highContrast>
              Cancel
            </Button>
          </Dialog.Close>
          <Button
            loading={saving.busy}
            onClick={async () => {
              const result = await saving.run(() => crop.mutateAsync({ id: item.id, rect }), {
                success: { title: 'Crop saved as a new image', description: item.filename },
                failure: 'Failed to save the crop',
              });
              if (result) onCropped(result.item);
            }}
          >
            Save as New Image
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
