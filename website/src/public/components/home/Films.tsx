import type { ComponentProps } from 'react';
import { FeaturedVideos } from './FeaturedVideos';
import { VideoShowcase } from './VideoShowcase';

/** The home page's films: the showcase and the featured videos, one island sharing one copy of the data. */
export function Films({ videos, projects, path }: ComponentProps<typeof FeaturedVideos>) {
  return (
    <>
      <VideoShowcase videos={videos} projects={projects} />
      <FeaturedVideos videos={videos} projects={projects} path={path} />
    </>
  );
}
