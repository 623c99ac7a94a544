// The theme's stylesheets, in the order every page links them before the site's customCss: the
// browser bundle makes them its `styles` entry (bundle/client.ts) and the pruning (siteStyles.ts)
// knows their rules from the site's by them. A stylesheet the theme adds is listed here.
import path from 'node:path';

export function themeStylesheets(root: string): string[] {
  return [path.join(root, 'src/theme/styles/index.css')];
}
