import { type ReactNode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS } from './public/islands/client';
import { type IslandName, islandIdPrefix } from './public/islands/names';
import { type HydrationData, PageContext } from './public/islands/page-context';
import { setAccountMenuLoader } from './public/lib/account-menu';

// A signed-in visitor's account menu comes from the account area, loaded after the page.
setAccountMenuLoader(() => import('./account/PublicAccount'));

// Only the page's islands are hydrated, each on its own root, from the props the server rendered it with
// (in document order) and the page's settings; everything else stays the server's HTML.
const {
  settings,
  alts = {},
  focus = {},
  islands = [],
} = JSON.parse(document.getElementById('__DATA__')?.textContent ?? '{}') as HydrationData;
const context = {
  location: { pathname: window.location.pathname, search: window.location.search },
  settings,
  alts,
  focus,
};
const elements = document.querySelectorAll<HTMLElement>('[data-island]');

// <html data-hydrated> once every island is (browser tests wait for it), when `hydrated` settles: the boot
// script (entry-boot.ts) then makes again the taps it held meanwhile.
let unhydrated = elements.length;
let settle = () => {};
export const hydrated = new Promise<void>((resolve) => {
  settle = resolve;
});
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (--unhydrated !== 0) return;
    document.documentElement.dataset.hydrated = '';
    settle();
  }, []);
  return children;
}

elements.forEach((element, index) => {
  const name = element.dataset.island as IslandName;
  // In a transition, React hydrates in slices of a few milliseconds: a large island (a project page)
  // never holds the main thread long enough to delay a tap.
  void ISLANDS[name]?.().then((Component) =>
    startTransition(() => {
      hydrateRoot(
        element,
        <PageContext value={context}>
          <Hydrated>
            <Component {...islands[index]} />
          </Hydrated>
        </PageContext>,
        { identifierPrefix: islandIdPrefix(name) },
      );
    }),
  );
});
