import { type ComponentType, createContext, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { useImageAlts } from '../lib/image-alts';
import { usePageLocation } from '../lib/page-location';
import { usePageSettings } from '../lib/page-settings';
import { type IslandName, islandIdPrefix } from './names';
import { PageContext } from './page-context';

/** The props of each island of a page, in document order: what the browser hydrates them from. */
export type IslandProps = Record<string, unknown>;

const Collector = createContext<IslandProps[] | null>(null);

/** Collects the islands' props while the server renders a page (entry-server.tsx). */
export const IslandCollector = Collector.Provider;

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
  const context = { location: usePageLocation(), settings: usePageSettings(), alts: useImageAlts() };
  collected?.push(props);
  const html = renderToString(
    <PageContext value={context}>
      <Component {...props} />
    </PageContext>,
    { identifierPrefix: islandIdPrefix(name) },
  );
  return <slot data-island={name} dangerouslySetInnerHTML={{ __html: html }} />;
}
