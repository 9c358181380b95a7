import { imageSrcSet, imageVariant, isStoredImage } from '@atelier/shared';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

interface PictureProps {
  src: string | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  width?: number;
  height?: number;
  /** The page's largest image: loaded at once, with high priority. Others load lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A content image in the server's responsive variants: AVIF and WebP sources with width descriptors and
 * a JPEG fallback, with width and height so nothing shifts. The spec's placeholder when there is none.
 */
export function Picture({
  src,
  alt,
  sizes,
  width = 1600,
  height = 1067,
  priority = false,
  className,
}: PictureProps) {
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  if (!src || !isStoredImage(src)) {
    return (
      <img
        className={className}
        src={src || PLACEHOLDER_IMAGE}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    );
  }
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={imageSrcSet(src, 'avif', width)} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(src, 'webp', width)} sizes={sizes} />
      <img
        src={imageVariant(src, 1200, 'jpeg')}
        srcSet={imageSrcSet(src, 'jpeg', width)}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding={priority ? 'sync' : 'async'}
      />
    </picture>
  );
}
