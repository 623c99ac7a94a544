import { type ProblemCollector, frontMatterLine, joinRoute } from '../api.js';
import { stripTrailingSlash } from '../../../shared/url.js';
import type { LocaleDocsInstance } from './model.js';

// Several docs instances share the url space: a page belongs to the instance whose routeBasePath is
// the longest prefix of its url (as Docusaurus finds the active docs plugin). A doc whose url falls
// under another instance's routeBasePath (a doc of the '/' instance at "/community/x" next to a
// 'community' instance) would be drawn as that instance's page, or be written over by it: an error,
// at the doc's slug.

export function checkInstanceRoutes(params: { instances: LocaleDocsInstance[]; localeBase: string; problems: ProblemCollector }): void {
  if (params.instances.length < 2) return;
  const bases = params.instances.map((i) => ({ pluginId: i.pluginId, base: stripTrailingSlash(joinRoute(params.localeBase, i.docs.version.path)) }));
  for (const instance of params.instances) {
    for (const doc of instance.docs.docs) {
      const owner = ownerOf(bases, doc.permalink);
      if (!owner || owner.pluginId === instance.pluginId) continue;
      const slug = doc.frontMatter.slug !== undefined;
      params.problems.error({
        message: `The doc "${doc.id}" of docs instance "${instance.pluginId}" has the url ${doc.permalink}, inside ${owner.base}, where docs instance "${owner.pluginId}" serves its pages`,
        file: doc.file,
        line: slug ? frontMatterLine(doc.file, 'slug') : undefined,
        hint: slug
          ? `Change the doc's \`slug\` so that its url leaves ${owner.base}, or give one of the instances another routeBasePath.`
          : `Rename the doc's file or folder (or set a \`slug\`) so that its url leaves ${owner.base}, or give one of the instances another routeBasePath.`,
      });
    }
  }
}

/** The instance with the longest base that holds `url`. */
function ownerOf(bases: { pluginId: string; base: string }[], url: string): { pluginId: string; base: string } | undefined {
  const path = stripTrailingSlash(url);
  let best: { pluginId: string; base: string } | undefined;
  for (const b of bases) {
    const inside = b.base === '' || path === b.base || path.startsWith(`${b.base}/`);
    if (inside && (!best || b.base.length > best.base.length)) best = b;
  }
  return best;
}
