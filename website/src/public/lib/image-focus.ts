import { type FocalPoint, objectPosition } from '@atelier/shared';
import { type CSSProperties, createContext, useContext } from 'react';

/** The focal point the studio set for each image of the page that has one, by its URL (else the centre). */
export type ImageFocus = Record<string, FocalPoint>;

const Context = createContext<ImageFocus>({});

/** Provided like the alts, to the page and to each island's root (sent once in `__DATA__`). */
export const ImageFocusProvider = Context.Provider;

export const useImageFocusMap = (): ImageFocus => useContext(Context);

/**
 * The style that keeps the focal point of the image at `src` in view in any `object-fit: cover` frame (its
 * `object-position`); none for an image without one (the stylesheets' centre).
 */
export function useFocusStyle(src: string | null | undefined): CSSProperties | undefined {
  const focus = useImageFocusMap();
  const point = src ? focus[src] : undefined;
  return point ? { objectPosition: objectPosition(point) } : undefined;
}
