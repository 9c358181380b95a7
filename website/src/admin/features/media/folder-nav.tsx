import type { MediaFolder } from '@atelier/shared';
import { Button, Flex } from '@radix-ui/themes';
import type { Place } from '../../ui/folder-nav';

/** The virtual folder of the root that lists the hero videos (the videos entity, not files). */
export const VIDEOS = 'hero-videos';

export type { Place };

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
