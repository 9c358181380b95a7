import { type MediaItem, previewUrl } from '@atelier/shared';
import { Badge, Checkbox, Text } from '@radix-ui/themes';
import { usePlatform } from '../../platform-context';

/** One file of the grid: its preview (opens the details), its name, and a checkbox to select it. */
export function MediaTile({
  item,
  selected,
  onSelect,
  onOpen,
}: {
  item: MediaItem;
  selected: boolean;
  onSelect(on: boolean): void;
  onOpen(): void;
}) {
  const platform = usePlatform();
  const image = item.mime_type.startsWith('image/');
  return (
    <li className="media-tile" data-selected={selected || undefined}>
      <button
        type="button"
        className="media-tile__open"
        onClick={onOpen}
        aria-label={`Details of ${item.filename}`}
      >
        {image ? (
          <img
            src={platform.mediaUrl(previewUrl(item.url, item.mime_type))}
            alt={item.alt_text}
            loading="lazy"
          />
        ) : (
          <Badge size="2" highContrast>
            PDF
          </Badge>
        )}
      </button>
      <div className="media-tile__foot">
        <Checkbox
          checked={selected}
          onCheckedChange={(on) => onSelect(on === true)}
          aria-label={`Select ${item.filename}`}
        />
        <Text size="1" className="media-tile__name" title={item.filename}>
          {item.filename}
        </Text>
        {item.used_by.some((use) => !use.in_trash) ? (
          <Badge size="1" color="green" highContrast title="Used on the website">
            In use
          </Badge>
        ) : (
          item.used_by.length > 0 && (
            <Badge size="1" color="amber" highContrast title="Used only by items in the Trash">
              In trash
            </Badge>
          )
        )}
      </div>
    </li>
  );
}
