/** The interactive parts of the public pages (islands/Island.tsx); islands/client.ts loads each by name. */
export type IslandName =
  | 'header'
  | 'footer'
  | 'flash'
  | 'films'
  | 'contact-form'
  | 'contact-card'
  | 'project';

/** A letter per island: its `useId` ids start with it (a form's label and input name each id twice). */
const ID_PREFIXES: Record<IslandName, string> = {
  header: 'h',
  footer: 'f',
  flash: 't',
  films: 'v',
  'contact-form': 'c',
  'contact-card': 'k',
  project: 'p',
};

/** The `identifierPrefix` of an island's root: `useId` gives the same ids on the server and in the browser. */
export const islandIdPrefix = (name: IslandName) => ID_PREFIXES[name];
