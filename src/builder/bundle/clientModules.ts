import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { SitegenError } from '../errors.js';
import { lineMatching } from '../content/lineMatching.js';

// Docusaurus's `clientModules`: the site's files to load on every page. Stylesheets join the one
// stylesheet every page links, after the theme's and customCss (bundle/client.ts); scripts are
// imported by the browser bundle before the first page is drawn (their route lifecycles:
// client/lifecycles.ts) and by the server renderer, for their side effects, as Docusaurus does.

export interface ClientModuleFiles {
  scripts: string[];
  styles: string[];
}

const STYLE = /\.(css|scss|sass)$/i;

/** The client modules' files; a module that is no file fails here, naming the config. */
export function clientModuleFiles(params: { config: Pick<SiteConfig, 'clientModules'>; siteDir: string; configFile: string }): ClientModuleFiles {
  const files = params.config.clientModules.map((m) => path.resolve(params.siteDir, m));
  const missing = files.map((f, i) => ({ f, i })).filter(({ f }) => !fs.existsSync(f) || !fs.statSync(f).isFile());
  if (missing.length)
    throw new SitegenError(
      'Invalid site config',
      missing.map(({ f, i }) => ({
        message: `clientModules[${i}]: there is no file ${f}`,
        file: params.configFile,
        line: lineMatching(params.configFile, /\bclientModules\b/),
        hint: 'Name a file relative to the site folder (./src/clientModule.js), or give its absolute path (require.resolve(...)).',
      })),
    );
  return { scripts: files.filter((f) => !STYLE.test(f)), styles: files.filter((f) => STYLE.test(f)) };
}
