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
