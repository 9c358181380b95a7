import type { ComponentType } from 'react';
import { FlashToast } from '../components/FlashToast';
import { LiveFooter, LiveHeader } from '../components/SiteChrome';
import type { IslandName } from './names';

// biome-ignore lint/suspicious/noExplicitAny: each island takes its own props, checked where it is placed
type AnyComponent = ComponentType<any>;

/**
 * What the browser hydrates each island with. The header, footer and toast are on every page and come
 * with the entry; a page's own islands load as their own chunks, only on the pages that have them.
 */
export const ISLANDS: Record<IslandName, () => Promise<AnyComponent>> = {
  header: async () => LiveHeader,
  footer: async () => LiveFooter,
  flash: async () => FlashToast,
  films: () => import('../components/home/Films').then((m) => m.Films),
  'contact-form': () => import('../components/home/ContactForm').then((m) => m.ContactForm),
  'contact-card': () => import('../components/home/ContactCard').then((m) => m.LiveContactCard),
  project: () => import('../pages/Project').then((m) => m.Project),
};
