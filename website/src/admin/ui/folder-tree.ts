import type { MediaFolder } from '@atelier/shared';

interface FlatFolder {
  folder: MediaFolder;
  depth: number;
}

/** The tree as a list in display order, each folder with its depth (for indented lists and selects). */
export function flatten(tree: MediaFolder[], depth = 0): FlatFolder[] {
  return tree.flatMap((folder) => [{ folder, depth }, ...flatten(folder.children, depth + 1)]);
}

/** The folders from the root down to `id` (empty when it is not in the tree). */
export function pathTo(tree: MediaFolder[], id: string | null): MediaFolder[] {
  if (!id) return [];
  for (const folder of tree) {
    if (folder.id === id) return [folder];
    const below = pathTo(folder.children, id);
    if (below.length) return [folder, ...below];
  }
  return [];
}

/** A folder and everything under it: where it cannot be moved to. */
export function subtreeIds(folder: MediaFolder): Set<string> {
  return new Set(flatten([folder]).map(({ folder: each }) => each.id));
}
