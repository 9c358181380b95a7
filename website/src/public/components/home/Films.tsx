import { FeaturedVideos } from './FeaturedVideos';
import type { Film } from './media';
import { VideoShowcase } from './VideoShowcase';

/**
 * The home page's films: the showcase and the featured videos, one island sharing one copy of the data.
 * `still` is the photograph the showcase stands on when there is no film.
 */
export function Films({
  films,
  still = null,
  intro,
}: {
  films: Film[];
  still?: string | null;
  /** The featured videos' introduction (a studio text), when it is not the one the site ships with. */
  intro?: string;
}) {
  return (
    <>
      <VideoShowcase films={films} still={still} />
      <FeaturedVideos films={films} intro={intro} />
    </>
  );
}
