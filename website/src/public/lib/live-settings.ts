import { useEffect, useState } from 'react';
import type { ChromeSettings } from './page-settings';
import { followSettings } from './settings-stream';

/**
 * The site settings, kept current: the server pushes a `settings` event on /api/events when they
 * change, so an open page's header and footer update without a reload. However many parts of a page
 * follow them (the header and the footer are hydrated apart), the page holds one stream.
 */
export function useLiveSettings<S extends ChromeSettings>(initial: S): S {
  const [settings, setSettings] = useState(initial);
  useEffect(() => {
    // The server sends whole records: a page started from the chrome's part gets more than it needs, the
    // account area (started from a whole record) what it had.
    return followSettings((next) => setSettings(next as S));
  }, [initial]);
  return settings;
}
