// `sitegen init --from-docusaurus [dir]`: runs the site's docusaurus.config.{js,mjs,cjs,ts,mts} (its
// own node_modules resolve its imports), maps it (mapConfig.ts), drops what sitegen's schema still
// refuses (each with the schema's reason), and writes site.config.ts next to it. Content folders stay
// where they are: the config names them by the same paths.
import fs from 'node:fs';
import path from 'node:path';
import { importConfigModule } from '../../builder/config/loadConfig.js';
import { siteConfigSchema } from '../../builder/config/schema.js';
import { checkNavbarItems, describeIssue } from '../../builder/config/navbarItems.js';
import { mapDocusaurusConfig, type InitNote } from '../../builder/config/docusaurus/mapConfig.js';
import { SitegenError } from '../../builder/errors.js';
import { writeFileAtomic } from '../../builder/output/atomicFile.js';

const CONFIG_NAMES = ['docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs', 'docusaurus.config.ts', 'docusaurus.config.mts'];

export interface InitResult {
  docusaurusConfig: string;
  siteConfig: string;
  config: Record<string, unknown>;
  notes: InitNote[];
}

export async function initFromDocusaurus(params: { dir: string; force?: boolean }): Promise<InitResult> {
  const dir = path.resolve(params.dir);
  const found = CONFIG_NAMES.map((n) => path.join(dir, n)).find((f) => fs.existsSync(f));
  if (!found) {
    throw new SitegenError(`No Docusaurus config in ${dir}`, [
      { message: `none of ${CONFIG_NAMES.join(', ')} exists`, file: dir, hint: 'Run init in the folder of the Docusaurus site, or pass it: sitegen init --from-docusaurus <dir>.' },
    ]);
  }
  const target = path.join(dir, 'site.config.ts');
  if (fs.existsSync(target) && !params.force) {
    throw new SitegenError('site.config.ts exists already', [{ message: 'init would replace it', file: target, hint: 'Move it away, or pass --force to replace it.' }]);
  }
  const raw = await importConfigModule(found);
  const { config, notes } = mapDocusaurusConfig(raw, { siteDir: dir });
  const valid = dropRefused(config, notes);
  // With --force it replaces the person's config: whole or not at all.
  writeFileAtomic({ file: target, data: configSource(valid, path.basename(found)) });
  return { docusaurusConfig: found, siteConfig: target, config: valid, notes };
}

/**
 * Removes, one at a time, each value the schema refuses (a value sitegen accepts only as Docusaurus's
 * default, a shape it does not have), noting the schema's reason, until the config is valid.
 */
function dropRefused(config: Record<string, unknown>, notes: InitNote[]): Record<string, unknown> {
  const out = structuredClone(config);
  for (let round = 0; round < 200; round++) {
    const result = siteConfigSchema.safeParse(out, { reportInput: true });
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

/** The site.config.ts text: the mapped object, keys unquoted where they can be. */
export function configSource(config: Record<string, unknown>, from: string): string {
  const json = JSON.stringify(config, null, 2).replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1$2:');
  return `// The sitegen config of this site, made by \`sitegen init --from-docusaurus\` from ${from}.\n// Options: see sitegen's README ("Configuration").\nexport default ${json};\n`;
}
