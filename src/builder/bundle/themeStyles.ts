// The stylesheets every page links, in Docusaurus's order (theme-classic's getClientModules): Infima,
// read from the `infima` package at build time (the version @docusaurus/theme-classic 3.10 pins), then
// the theme's own CSS, then the site's customCss (and the client modules' styles). The CSS modules of
// pages and markdown come after, in their own stylesheets. A custom.css written for Docusaurus
// overrides the same rules and `--ifm-*` variables it overrides there.
import { createRequire } from 'node:module';
import path from 'node:path';

/** Infima's stylesheet in the installed package (right-to-left variant for `dir: 'rtl'`). */
export function infimaStylesheet(root: string, direction: 'ltr' | 'rtl' = 'ltr'): string {
  return createRequire(path.join(root, 'package.json')).resolve(`infima/dist/css/default/default${direction === 'rtl' ? '-rtl' : ''}.css`);
}

/** The files of the one stylesheet every page links, first to last. */
export function themeStylesheets(root: string, customCss: string[] = []): string[] {
  return [infimaStylesheet(root), path.join(root, 'src/theme/styles/index.css'), ...customCss];
}
