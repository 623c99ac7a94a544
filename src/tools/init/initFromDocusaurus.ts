// `sitegen init --from-docusaurus [dir]`: runs the site's docusaurus.config.{js,mjs,cjs,ts,mts} (its
// own node_modules resolve its imports), maps it as the config loader does at every build
// (builder/config/docusaurus/fromDocusaurus.ts: what sitegen's schema refuses is dropped with its
// reason), and writes site.config.ts next to it (configSource.ts: what the Docusaurus config computes
// stays code that reads it). Content folders stay where they are: the config names them by the same paths.
import fs from 'node:fs';
import path from 'node:path';
import { importConfigModule } from '../../builder/config/loadConfig.js';
import type { InitNote } from '../../builder/config/docusaurus/mapConfig.js';
import { DOCUSAURUS_CONFIG_NAMES as CONFIG_NAMES, findDocusaurusConfig } from '../../builder/config/docusaurus/configFile.js';
import { docusaurus2Notice, siteConfigFromDocusaurus } from '../../builder/config/docusaurus/fromDocusaurus.js';
import { SitegenError } from '../../builder/errors.js';
import { writeFileAtomic } from '../../builder/output/atomicFile.js';
import { configSource } from './configSource.js';

export interface InitResult {
  docusaurusConfig: string;
  siteConfig: string;
  config: Record<string, unknown>;
  notes: InitNote[];
  /** How a Docusaurus 2 site's markdown is read (fromDocusaurus.ts). */
  notice?: string;
}

export async function initFromDocusaurus(params: { dir: string; force?: boolean }): Promise<InitResult> {
  const dir = path.resolve(params.dir);
  const found = findDocusaurusConfig(dir);
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
  // The mapping the config loader does at every build (a Docusaurus 2 site's markdown.format included).
  const { config, notes, version, docusaurus2 } = siteConfigFromDocusaurus(raw, { siteDir: dir });
  // With --force it replaces the person's config: whole or not at all.
  writeFileAtomic({ file: target, data: configSource({ config, raw, docusaurusFile: found, docusaurusSource: fs.readFileSync(found, 'utf8') }) });
  return { docusaurusConfig: found, siteConfig: target, config, notes, ...(docusaurus2 && version ? { notice: docusaurus2Notice(version) } : {}) };
}
