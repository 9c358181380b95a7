/** The interactive parts of the public pages (islands/Island.tsx); islands/client.ts loads each by name. */
export type IslandName = 'header' | 'footer' | 'flash' | 'films' | 'contact-form' | 'project';

/** The `identifierPrefix` of an island's root: `useId` gives the same ids on the server and in the browser. */
export const islandIdPrefix = (name: IslandName) => `${name}-`;
