import type { MediaItem } from '@atelier/shared';
import { Badge, Checkbox, Text } from '@radix-ui/themes';
import { usePlatform } from '../../platform-context';

export const FolderIcon = ({ size = 16 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="media-folder-icon">
    <path
      d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4.3l2 2h8.7A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z"
      fill="currentColor"
    />
  </svg>
);

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
          <img src={platform.mediaUrl(item.url)} alt={item.alt_text} loading="lazy" />
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
        {item.used_by.length > 0 && (
          <Badge size="1" color="green" highContrast title="Used on the website">
            In use
          </Badge>
        )}
      </div>
    </li>
  );
}
