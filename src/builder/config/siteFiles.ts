// The files the config names outside of content: customCss, the static folders and the favicon.
// A stylesheet that is not there fails the build at the config's line (esbuild would name only the
// cached entry that imports it); a static folder or favicon that is not there is a warning, as the
// site still builds, but the person meant something by the name.
import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from './schema.js';
import { SitegenError, type Problem } from '../errors.js';
import { lineMatching } from '../content/lineMatching.js';

type Config = Pick<SiteConfig, 'favicon' | 'staticDirectories'> & { themeConfig: Pick<SiteConfig['themeConfig'], 'customCss'> };

/** Throws when a customCss file is missing; returns the warnings for missing static folders and favicon. */
export function checkSiteFiles(params: { config: Config; siteDir: string; configFile: string }): Problem[] {
  const { config, siteDir, configFile } = params;
  const at = (key: string) => ({ file: configFile, line: lineMatching(configFile, new RegExp(`\\b${key}\\b`)) });
  const isFile = (f: string) => fs.existsSync(f) && fs.statSync(f).isFile();
  const missingCss = config.themeConfig.customCss.map((f, i) => ({ f, i })).filter(({ f }) => !isFile(path.resolve(siteDir, f)));
  if (missingCss.length)
    throw new SitegenError(
      'Invalid site config',
      missingCss.map(({ f, i }) => ({
        message: `themeConfig.customCss[${i}]: there is no file "${f}" (looked for ${path.resolve(siteDir, f)})`,
        ...at('customCss'),
        hint: 'Name a stylesheet relative to the site folder (./src/css/custom.css), or remove the entry.',
      })),
    );
  const warnings: Problem[] = [];
  const dirs = config.staticDirectories.map((d) => ({ d, abs: path.resolve(siteDir, d) }));
  // The default `static` is optional (a site may have no static files), as in Docusaurus; a folder the config names is meant to be there.
  const named = config.staticDirectories.length !== 1 || config.staticDirectories[0] !== 'static';
  for (const { d, abs } of dirs.filter(({ abs }) => named && (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()))) {
    warnings.push({
      message: `staticDirectories: "${d}" is not a folder (looked for ${abs}); nothing is copied from it`,
      ...at('staticDirectories'),
      hint: 'Create the folder, or remove it from staticDirectories.',
    });
  }
  // A url (https://, //cdn, data:) is the browser's to fetch; a path is a file of a static folder.
  const favicon = config.favicon;
  if (favicon && !/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(favicon)) {
    const lookedFor = dirs.map(({ abs }) => path.join(abs, decodeURIComponent(favicon.split(/[?#]/)[0]).replace(/^\/+/, '')));
    if (!lookedFor.some(isFile)) {
      warnings.push({
        message: `favicon: "${favicon}" is in no static folder (looked for ${lookedFor.join(', ') || 'it, but staticDirectories is empty'}); browsers get a 404 for it`,
        ...at('favicon'),
        hint: 'Put the file in a static folder (static/img/favicon.ico for "img/favicon.ico"), or fix the path.',
      });
    }
  }
  return warnings;
}
