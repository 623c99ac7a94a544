// A Docusaurus config object → a valid sitegen config object: what the config loader does with a
// docusaurus.config.* at every build (no site.config.ts) and what `sitegen init --from-docusaurus`
// writes out. The mapping (mapConfig.ts) keeps the functions sitegen calls (`editUrl`) and every value
// the config computed as it ran (a copyright year, versions read from the file system); a Docusaurus 2
// site reads its markdown as Docusaurus 2 did; each value the schema still refuses is dropped with the
// schema's reason. Every option not carried over is a note: key path and reason.
import { siteConfigSchema } from '../schema.js';
import { checkNavbarItems, describeIssue } from '../navbarItems.js';
import { mapDocusaurusConfig, type InitNote } from './mapConfig.js';
import { docusaurusVersion, type DocusaurusVersion } from './docusaurusVersion.js';
import { isObject } from './mapHelpers.js';
import { PARSE_FEW } from '../../parseFew.js';

type Obj = Record<string, unknown>;

export interface SiteConfigFromDocusaurus {
  /** Valid against sitegen's schema. */
  config: Obj;
  notes: InitNote[];
  /** The Docusaurus the site was written for, when known. */
  version?: DocusaurusVersion;
  /** Set for a Docusaurus 2 site whose markdown is read as Docusaurus 2 read it. */
  docusaurus2?: true;
}

export function siteConfigFromDocusaurus(raw: unknown, params: { siteDir: string }): SiteConfigFromDocusaurus {
  const { config, notes } = mapDocusaurusConfig(raw, { siteDir: params.siteDir });
  const version = docusaurusVersion(params.siteDir);
  // Docusaurus 2 read every file with MDX 1, which took in what MDX 3 refuses (`<br>`, `{` and `<` in
  // text): `.md` files are read as CommonMark, as Docusaurus 3's 'detect' does for such sites, and
  // `.mdx` files' text as MDX 1 read it (markdown.mdx1: `Use {curly} braces` is text).
  const markdown = isObject(config.markdown) ? config.markdown : {};
  const docusaurus2 = version?.major === 2 && markdown.format === undefined;
  if (docusaurus2) config.markdown = { ...markdown, format: 'detect', mdx1: true };
  return { config: dropRefused(config, notes), notes, version, ...(docusaurus2 ? { docusaurus2: true as const } : {}) };
}

/** Why a Docusaurus 2 site's markdown is read as it is: one notice. */
export function docusaurus2Notice(version: DocusaurusVersion): string {
  const what = version.how === 'installed' ? `@docusaurus/core ${version.version} is installed` : `package.json asks for @docusaurus/core ${version.version}`;
  return `a Docusaurus 2 site (${what}): its markdown is read as Docusaurus 2 (MDX 1) read it, with markdown.format "detect" and markdown.mdx1: .md files as CommonMark, .mdx files as MDX with { and < in text as text`;
}

/**
 * Removes, one at a time, each value the schema refuses (a value sitegen accepts only as Docusaurus's
 * default, a shape it does not have), noting the schema's reason, until the config is valid.
 */
function dropRefused(config: Obj, notes: InitNote[]): Obj {
  const out = cloneData(config) as Obj;
  for (let round = 0; round < 200; round++) {
    const result = siteConfigSchema.safeParse(out, { ...PARSE_FEW, reportInput: true });
    const issues = result.success
      ? checkNavbarItems((result.data.themeConfig.navbar.items ?? []) as unknown[], ['themeConfig', 'navbar', 'items']).map((p) => ({ path: p.path, message: p.message }))
      : result.error.issues.map((i) => ({ path: (i.code === 'unrecognized_keys' ? [...i.path, i.keys[0]] : i.path) as (string | number)[], message: describeIssue(i) }));
    if (!issues.length) return out;
    const { path: keyPath, message } = issues[0];
    notes.push({ key: keyPath.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join(''), reason: `sitegen refuses it: ${message}` });
    if (!removeAt(out, keyPath)) break;
  }
  return out;
}

/** A copy of the objects and arrays (values removed from it leave the mapped config as it was); functions and other values kept as they are. */
function cloneData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneData);
  if (isObject(value) && Object.getPrototypeOf(value) === Object.prototype) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneData(v)]));
  return value;
}

function removeAt(obj: unknown, keyPath: (string | number)[]): boolean {
  let node = obj as Record<string | number, unknown>;
  for (const k of keyPath.slice(0, -1)) {
    if (typeof node[k] !== 'object' || node[k] === null) return false;
    node = node[k] as Record<string | number, unknown>;
  }
  const last = keyPath[keyPath.length - 1];
  if (last === undefined) return false;
  if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
  else if (last in node) delete node[last];
  else return false;
  return true;
}
