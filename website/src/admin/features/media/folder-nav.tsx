import type { MediaFolder } from '@atelier/shared';
import { Button, Flex, Text } from '@radix-ui/themes';
import { flatten } from './folder-tree';
import { FolderIcon } from './media-tile';

/** The virtual folder of the root that lists the hero videos (the videos entity, not files). */
export const VIDEOS = 'hero-videos';

/** Where the library is: a folder's id, Hero Videos, or the root (null). */
export type Place = string | null;

/** The library's folders down the side: All Files, Hero Videos, then the tree, the open one marked. */
export function FolderNav({
  tree,
  place,
  onOpen,
}: {
  tree: MediaFolder[];
  place: Place;
  onOpen(place: Place): void;
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
        <li>
          <button type="button" aria-current={current(VIDEOS)} onClick={() => onOpen(VIDEOS)}>
            <FolderIcon /> Hero Videos
          </button>
        </li>
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

/** The way from All Files to the open folder, and the way back (also out of a search). */
export function Breadcrumb({
  trail,
  inVideos,
  showBack,
  onOpen,
}: {
  trail: MediaFolder[];
  inVideos: boolean;
  showBack: boolean;
  onOpen(place: Place): void;
}) {
  return (
    <Flex justify="between" align="center" gap="3" wrap="wrap">
      <nav aria-label="Breadcrumb" className="media-crumbs">
        <ol>
          <li>
            <button type="button" onClick={() => onOpen(null)}>
              All Files
            </button>
          </li>
          {inVideos && <li aria-current="page">Hero Videos</li>}
          {trail.map((folder, index) =>
            index === trail.length - 1 ? (
              <li key={folder.id} aria-current="page">
                {folder.name}
              </li>
            ) : (
              <li key={folder.id}>
                <button type="button" onClick={() => onOpen(folder.id)}>
                  {folder.name}
                </button>
              </li>
            ),
          )}
        </ol>
      </nav>
      {showBack && (
        <Button variant="soft" highContrast color="gray" onClick={() => onOpen(null)}>
          Back to All Files
        </Button>
      )}
    </Flex>
  );
}
