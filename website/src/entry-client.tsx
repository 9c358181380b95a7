import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS } from './public/islands/client';
import type { IslandProps } from './public/islands/Island';
import { type IslandName, islandIdPrefix } from './public/islands/names';
import { setAccountMenuLoader } from './public/lib/account-menu';
import { PageLocation } from './public/lib/page-location';
import { revealLists } from './public/lib/reveal';

// A signed-in visitor's account menu comes from the account area, loaded after the page.
setAccountMenuLoader(() => import('./account/PublicAccount'));

// Only the page's islands are hydrated, each on its own root, from the props the server rendered it with
// (in document order); everything else stays the server's HTML.
const location = { pathname: window.location.pathname, search: window.location.search };
const { islands = [] } = JSON.parse(document.getElementById('__DATA__')?.textContent ?? '{}') as {
  islands?: IslandProps[];
};
document.querySelectorAll<HTMLElement>('[data-island]').forEach((element, index) => {
  const name = element.dataset.island as IslandName;
  // In a transition, React hydrates in slices of a few milliseconds: a large island (a project page)
  // never holds the main thread long enough to delay a tap.
  void ISLANDS[name]?.().then((Component) =>
    startTransition(() => {
      hydrateRoot(
        element,
        <PageLocation value={location}>
          <Component {...islands[index]} />
        </PageLocation>,
        { identifierPrefix: islandIdPrefix(name) },
      );
    }),
  );
});

// Lists that fade their items in as they scroll into view (static HTML: no island needed).
revealLists();
