import { type ComponentType, createContext, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { useImageAlts } from '../lib/image-alts';
import { useImageFocusMap } from '../lib/image-focus';
import { usePageLocation } from '../lib/page-location';
import { usePageSettings } from '../lib/page-settings';
import { type IslandName, islandIdPrefix } from './names';
import { PageContext } from './page-context';

/** The props of each island of a page, in document order: what the browser hydrates them from. */
export type IslandProps = Record<string, unknown>;

/** What the server collects while it renders a page: each island's props, the image alts and points they read. */
export interface IslandCollection {
  props: IslandProps[];
  alts: Set<string>;
  focus: Set<string>;
}

const Collector = createContext<IslandCollection | null>(null);

/** Collects the islands' props and the alts they draw while the server renders a page (entry-server.tsx). */
export const IslandCollector = Collector.Provider;

/** The alts (or points) as an island sees them, each one it reads noted (only those travel in `__DATA__`). */
const noting = <T extends object>(map: T, read: Set<string>): T =>
  new Proxy(map, {
    get(target, key) {
      if (typeof key === 'string' && Object.hasOwn(target, key)) read.add(key);
      return Reflect.get(target, key);
    },
  });

interface IslandOptions<P extends IslandProps> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}

/**
 * A part of a page that changes in the browser. Everything else of a public page is HTML only: no
 * component of it runs in the browser and none of its data travels in `__DATA__`. The server renders the
 * component as a root of its own (as the browser will hydrate it: same tree, same ids) inside a wrapper
 * named after it that takes no box (a `<slot>`, outside a shadow tree an element whose default style
 * is `display: contents`: no inline style on every island), and records its props; the browser's entry
 * (entry-client.tsx) hydrates each wrapper with the component `islands/client.ts` loads for that name.
 * Props must be JSON; what every island shares (the location, the settings) comes from the page's context
 * (page-context.tsx), sent once.
 */
export function Island<P extends IslandProps>({ name, component: Component, props }: IslandOptions<P>) {
  const collected = useContext(Collector);
  const alts = useImageAlts();
  const focus = useImageFocusMap();
  const context = {
    location: usePageLocation(),
    settings: usePageSettings(),
    alts: collected ? noting(alts, collected.alts) : alts,
    focus: collected ? noting(focus, collected.focus) : focus,
  };
  collected?.props.push(props);
  const html = renderToString(
    <PageContext value={context}>
      <Component {...props} />
    </PageContext>,
    { identifierPrefix: islandIdPrefix(name) },
  );
  return <slot data-island={name} dangerouslySetInnerHTML={{ __html: html }} />;
}
