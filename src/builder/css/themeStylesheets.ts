// The theme's stylesheets, in the order every page links them before the site's customCss (and the
// client modules' styles), as Docusaurus orders them (theme-classic's getClientModules): Infima, read
// from the `infima` package at build time (the version @docusaurus/theme-classic 3.10 pins), then the
// theme's own CSS. CSS modules of pages and markdown come after, in their own stylesheets. A custom.css
// written for Docusaurus overrides the same rules and `--ifm-*` variables it overrides there. The
// browser bundle makes them its `styles` entry (bundle/client.ts) and the pruning (siteStyles.ts) knows
// their rules from the site's by them. A stylesheet the theme adds is listed here.
import { createRequire } from 'node:module';
import path from 'node:path';

/** Infima's stylesheet in the installed package (right-to-left variant for `dir: 'rtl'`). */
export function infimaStylesheet(root: string, direction: 'ltr' | 'rtl' = 'ltr'): string {
  return createRequire(path.join(root, 'package.json')).resolve(`infima/dist/css/default/default${direction === 'rtl' ? '-rtl' : ''}.css`);
}

/** The theme's stylesheets of the pages of a locale written in this direction (Infima's RTL build for `rtl`, as Docusaurus ships it). */
export function themeStylesheets(root: string, direction: 'ltr' | 'rtl' = 'ltr'): string[] {
  return [infimaStylesheet(root, direction), path.join(root, 'src/theme/styles/index.css')];
}
