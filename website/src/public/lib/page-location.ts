import { createContext, useContext } from 'react';

export interface PageLocationValue {
  pathname: string;
  search: string;
}

const Context = createContext<PageLocationValue>({ pathname: '/', search: '' });

/**
 * Where the page is, for the header's current link and the sign-in link's way back. The public pages
 * need no router for it (their islands would otherwise carry one into every page's script): the server
 * gives the rendered URL, the browser its own location, and the account area the location of its router.
 */
export const PageLocation = Context.Provider;

export const usePageLocation = () => useContext(Context);

/**
 * A request's path and query as a page location. The path is appended to an origin rather than resolved
 * against one: a path that starts with `//` would otherwise be read as another host (or no URL at all).
 */
export function pageLocationOf(url: string): PageLocationValue {
  const { pathname, search } = new URL(url.startsWith('/') ? `http://localhost${url}` : url);
  return { pathname, search };
}
