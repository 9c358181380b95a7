import { createContext, useContext } from 'react';

/** The alternative text written in the admin for each image of the page, by its URL. */
export type ImageAlts = Record<string, string>;

const Context = createContext<ImageAlts>({});

/** Provided, like the settings, to the page and to each island's root (sent once in `__DATA__`). */
export const ImageAltsProvider = Context.Provider;

export const useImageAlts = (): ImageAlts => useContext(Context);

/** The alt of the image at `src`: what the studio wrote for it, else the page's own `fallback`. */
export function useImageAlt(src: string | null | undefined, fallback: string): string {
  const alts = useImageAlts();
  return (src && alts[src]) || fallback;
}
