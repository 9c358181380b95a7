import { createContext, useContext } from 'react';
import type { ChromeSettings } from './chrome-settings';

export type { ChromeSettings } from './chrome-settings';

const Context = createContext<ChromeSettings | null>(null);

/**
 * The page's settings, sent once (`__DATA__.settings`) for the header and the footer, which are islands of
 * their own: the server provides them to the page and to each island's root, the browser to each root it
 * hydrates.
 */
export const PageSettings = Context.Provider;

export function usePageSettings(): ChromeSettings {
  const settings = useContext(Context);
  if (!settings) throw new Error('PageSettings is missing');
  return settings;
}
