// Which config file a command reads: the one asked for (`--config`, default `site.config.ts`); when
// that default does not exist, the Docusaurus config of the same folder, read as it stands
// (fromDocusaurus.ts): a Docusaurus site builds in its folder without a migration step.
import fs from 'node:fs';
import path from 'node:path';

export const DOCUSAURUS_CONFIG_NAMES = ['docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs', 'docusaurus.config.ts', 'docusaurus.config.mts'];
export const DEFAULT_CONFIG_NAME = 'site.config.ts';

export const isDocusaurusConfig = (file: string): boolean => DOCUSAURUS_CONFIG_NAMES.includes(path.basename(file));

/** The Docusaurus config of a folder, if it has one. */
export function findDocusaurusConfig(dir: string): string | undefined {
  return DOCUSAURUS_CONFIG_NAMES.map((n) => path.join(path.resolve(dir), n)).find((f) => fs.existsSync(f));
}

/** The config file to read for `file`: itself, or for a `site.config.ts` that does not exist, its folder's Docusaurus config. */
export function resolveConfigFile(file: string): string {
  if (fs.existsSync(file) || path.basename(file) !== DEFAULT_CONFIG_NAME) return file;
  const docusaurus = findDocusaurusConfig(path.dirname(path.resolve(file)));
  if (!docusaurus) return file;
  // Keep the form it was given in (relative stays relative): it is printed and used as a cache key.
  return path.isAbsolute(file) ? docusaurus : path.join(path.dirname(file), path.basename(docusaurus));
}

/** What a command says, at the top of its output, of a Docusaurus config it reads: which file, and how. */
export function docusaurusConfigLine(file: string): string | undefined {
  if (!isDocusaurusConfig(file)) return undefined;
  return `Reading ${path.relative(process.cwd(), path.resolve(file)) || file} as it stands (no site.config.ts): its options are mapped to sitegen's at every run`;
}
