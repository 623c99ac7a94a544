import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import type { MarkdownParseOptions } from './parse.js';

// What a site's markdown is parsed with: the config's `markdown` (limits, format), the site folder
// (`@site/` imports of partials), and whether the site
// has a component scope, Docusaurus's `src/theme/MDXComponents` (swizzled: `export default {
// ...MDXComponents, Highlight }`), whose components every MDX file may use without importing them.

const SCOPE_FILES = [
  'MDXComponents.tsx',
  'MDXComponents.ts',
  'MDXComponents.jsx',
  'MDXComponents.js',
  'MDXComponents/index.tsx',
  'MDXComponents/index.ts',
  'MDXComponents/index.jsx',
  'MDXComponents/index.js',
];

export function markdownParseOptions(config: SiteConfig, siteDir: string): MarkdownParseOptions {
  const scope = SCOPE_FILES.some((f) => fs.existsSync(path.join(siteDir, 'src/theme', f)));
  return { ...config.markdown, siteDir, ...(scope ? { componentScope: true } : {}) };
}
