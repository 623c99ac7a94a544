// Islands: components of markdown pages that need the browser. The build renders them to HTML
// inside an element naming them (`data-island`, the component's module and export) and holding
// their props (`data-props`, JSON); the client runtime hydrates each such element on its own.

export const ISLAND_TAG = 'sitegen-island';
/** Holds the markdown between an island's tags: hydration keeps it as it is. */
export const CHILDREN_TAG = 'sitegen-children';

/**
 * An island's key: its module as the client bundle imports it (a file of the site as `@site/...`, so
 * the key does not depend on where the site is) and the export's name.
 */
export function islandKey(source: string, name: string, siteDir: string): string {
  const dir = siteDir.endsWith('/') ? siteDir : siteDir + '/';
  const module = source.startsWith(dir) ? `@site/${source.slice(dir.length)}` : source;
  return `${module}#${name}`;
}

/** The export name of an island that is a slot of a markdown file (its own code, mdx/module.ts). */
const SLOT = /^slot-(\d+)$/;

/** The key of an island drawn by slot `offset` of a markdown file: the file's module and the slot. */
export function slotIslandKey(file: string, offset: number, siteDir: string): string {
  return islandKey(file, `slot-${offset}`, siteDir);
}

/** The module and the slot offset of an island key made by slotIslandKey, else undefined. */
export function islandSlot(key: string): { module: string; offset: number } | undefined {
  const at = key.lastIndexOf('#');
  const slot = SLOT.exec(key.slice(at + 1));
  return slot ? { module: key.slice(0, at), offset: Number(slot[1]) } : undefined;
}
