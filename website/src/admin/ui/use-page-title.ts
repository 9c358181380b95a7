import { useEffect } from 'react';
import { useSiteName } from '../api/site';

/** Sets the document title, "{title} | {site name}", as the server does for a page's first load. */
export function usePageTitle(title: string) {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = siteName ? `${title} | ${siteName}` : title;
  }, [title, siteName]);
}
