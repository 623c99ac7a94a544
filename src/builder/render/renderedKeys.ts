// The content keys of a rendered page's data and search input, made from the keys of the markdown
// renders it shows (cacheKey.ts composedValueKey): a page's body, table of contents and search
// sections are its renders' own strings and arrays, which count by their render's key (a content
// key, made once and kept with the render in the cache: markdownKey) instead of being serialized
// and hashed whole by each step that keys the page (the styles step, the HTML stage, the feeds; the
// search index keys its contexts by their pages' keys). A cold build hashes each render once instead
// of each page (the versioned site: 114-122 ms of CPU against 116-119 ms, 16:49 UTC). Measured on the
// versioned benchmark site (2,676 pages), warm with nothing changed, 6 `sitegen build` processes each
// alternating with the build before (10:38 UTC, load 10): the styles step's CPU 157/168 -> 26/38 ms
// (least/median), the whole process's 3.20/3.54 -> 3.10/3.54 s; serializing and hashing the pages
// whole had cost the styles step 150 ms and the search contexts' keys 130 ms more in a profile.
import { cacheKey, composedValueKey, type KnownParts } from '../cacheKey.js';
import { partDeferred, shownParts, type RenderedMarkdown } from '../markdown/context.js';
import type { MarkdownResult } from '../parallel/protocol.js';
import type { RenderedRoute } from '../plugins/api.js';

/**
 * A markdown render's content key: a hash of what a page may show of it (its html, excerpt, table of
 * contents, anchors, links and search sections), made once, when the render is made, and kept with
 * it in the cache (`MarkdownResult.key`). The same render, the same key, whatever it was made from: a
 * render made again on other inputs (an edited neighbour, a changed static folder, another locale
 * context) that comes out the same keeps its key, and so do the pages that show it, whose files then
 * stay as the previous build wrote them. (A key of the render's inputs instead changed every page
 * whose render was made again, and rewrote unchanged pages: cache-determinism.test.ts.)
 */
export function markdownKey(result: MarkdownResult): string {
  // Known: a render read back from disk does not read its deferred parts (markdown/context.ts).
  if (result.key !== undefined) return result.key;
  const { html, excerptHtml, toc, anchors, links, sections } = result.rendered;
  return (result.key = cacheKey('markdown', html, { excerptHtml, toc, anchors, links, sections }));
}

/** The parts of the renders a route showed, each by its render's key and its place in the render. */
function partsOf(renders: readonly (readonly [RenderedMarkdown, string])[]): KnownParts {
  const strings: [string, string][] = [];
  const objects = new Map<object, string>();
  // Parts not read yet (read back from disk: markdown/context.ts deferParts) count by the same keys,
  // unread: a deferred HTML is one longer than 64 characters (markdownPayload.ts).
  let deferred: Map<RenderedMarkdown, string> | undefined;
  for (const [md, key] of renders) {
    if (partDeferred(md, 'html') || partDeferred(md, 'sections')) (deferred ??= new Map()).set(md, key);
    // A string counts by value: one as short as a key is not worth its place.
    if (!partDeferred(md, 'html') && md.html.length > 64) strings.push([md.html, `${key}.html`]);
    if (md.excerptHtml && md.excerptHtml.length > 64) strings.push([md.excerptHtml, `${key}.excerptHtml`]);
    objects.set(md.toc, `${key}.toc`);
    if (!partDeferred(md, 'sections')) objects.set(md.sections, `${key}.sections`);
    objects.set(md.links, `${key}.links`);
    objects.set(md.anchors, `${key}.anchors`);
  }
  if (!deferred) return { strings, objects };
  const known = deferred;
  // The members that show a deferred part (showPart), by the key of the part they show.
  const members = (owner: object) => {
    const shown = shownParts(owner);
    if (!shown) return undefined;
    const keys = new Map<string, string>();
    for (const [member, [md, part]] of shown) {
      const key = known.get(md);
      if (key !== undefined) keys.set(member, `${key}.${part}`);
    }
    return keys.size ? keys : undefined;
  };
  return { strings, objects, members };
}

/** Keys the route's page data and search input (valueKey returns them) from the keys of the renders it showed. */
export function keyRendered(r: RenderedRoute, renders: readonly (readonly [RenderedMarkdown, string])[]): void {
  if (!renders.length) return;
  const parts = partsOf(renders);
  composedValueKey(r.page, parts);
  if (r.search) composedValueKey(r.search, parts);
}
