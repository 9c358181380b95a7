import { imageSrcSet, imageVariant, isStoredImage } from '@atelier/shared';
import { useImageAlt } from '../lib/image-alts';
import { useFocusStyle } from '../lib/image-focus';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

interface PictureProps {
  src: string | null | undefined;
  /**
   * The page's own text for the image, used when the studio wrote none for it (`useImageAlt`); with
   * `decorative`, the alt whatever was written.
   */
  alt: string;
  /**
   * The image stands in for something else and says nothing itself (a project's photograph as the poster
   * of a film): the text written for the photograph would misname the control it sits in.
   */
  decorative?: boolean;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  width?: number;
  height?: number;
  /**
   * The widest variant worth offering, where the layout never draws the image wider than half of it (a
   * card in a grid): the srcset stops there. By default every variant up to `width`.
   */
  maxWidth?: number;
  /** The page's largest image: loaded at once, with high priority. Others load lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A content image in the server's responsive variants (width descriptors; the format negotiated by the
 * server), with width and height so nothing shifts. The spec's placeholder when there is none.
 */
export function Picture({
  src,
  alt,
  sizes,
  width = 1600,
  height = 1067,
  maxWidth = width,
  priority = false,
  className,
  decorative = false,
}: PictureProps) {
  // A decorative image asks for no written alt (so none travels to the browser for it).
  const written = useImageAlt(decorative ? null : src, alt);
  const style = useFocusStyle(src);
  // Only what differs from the defaults: the first screen's photograph is fetched first and does not
  // hold the first paint while it decodes; the others load as they come near the viewport.
  const loading = priority ? undefined : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  const decoding = priority ? 'async' : undefined;
  // A stored image: one srcset whose URLs the server answers in AVIF, WebP or JPEG as the browser accepts
  // (`Vary: Accept`), a third of the markup of a <picture> with a source per format, the same page for
  // everyone. Any other URL is used as it is.
  const stored = src && isStoredImage(src) ? src : null;
  return (
    <img
      className={className}
      style={style}
      src={stored ? imageVariant(stored, Math.min(1200, maxWidth)) : src || PLACEHOLDER_IMAGE}
      srcSet={stored ? imageSrcSet(stored, undefined, Math.min(width, maxWidth)) : undefined}
      sizes={stored ? sizes : undefined}
      alt={written}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={decoding}
    />
  );
}
