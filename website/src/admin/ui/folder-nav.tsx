import type { MediaFolder } from '@atelier/shared';
import { Text } from '@radix-ui/themes';
import { flatten } from './folder-tree';

export const FolderIcon = ({ size = 16 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="media-folder-icon">
    <path
      d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4.3l2 2h8.7A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z"
      fill="currentColor"
    />
  </svg>
);

/** Where a folder list is: a folder's id, a place of the caller's (`special`), or the root (null). */
export type Place = string | null;

/**
 * The media library's folders as a list: All Files, the caller's own places, then the tree with each folder's
 * file count, the open one marked. The library screen and the image picker share it.
 */
export function FolderNav({
  tree,
  place,
  onOpen,
  special = [],
}: {
  tree: MediaFolder[];
  place: Place;
  onOpen(place: Place): void;
  special?: { place: string; label: string }[];
}) {
  const current = (id: Place) => (place === id ? 'page' : undefined);
  return (
    <nav aria-label="Folders" className="media-folders">
      <ul>
        <li>
          <button type="button" aria-current={current(null)} onClick={() => onOpen(null)}>
            <FolderIcon /> All Files
          </button>
        </li>
        {special.map((item) => (
          <li key={item.place}>
            <button type="button" aria-current={current(item.place)} onClick={() => onOpen(item.place)}>
              <FolderIcon /> {item.label}
            </button>
          </li>
        ))}
        {flatten(tree).map(({ folder, depth }) => (
          <li key={folder.id} style={{ paddingInlineStart: `${depth * 0.9}rem` }}>
            <button type="button" aria-current={current(folder.id)} onClick={() => onOpen(folder.id)}>
              <FolderIcon /> {folder.name}
              <Text size="1" color="gray">
                {folder.file_count}
              </Text>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
