import path from 'node:path';
import { packageRoot } from '../paths.js';

/** Module names a site's pages may import, mapped to the theme's files (Docusaurus names included). */
export function themeAliases(): Record<string, string> {
  const api = path.join(packageRoot(), 'src/theme/api');
  return {
    'sitegen/theme': path.join(api, 'index.ts'),
    '@theme/Layout': path.join(api, 'Layout.tsx'),
    '@docusaurus/Head': path.join(api, 'Head.tsx'),
    '@docusaurus/Link': path.join(api, 'Link.tsx'),
    '@docusaurus/Translate': path.join(api, 'Translate.tsx'),
    '@docusaurus/useDocusaurusContext': path.join(api, 'useDocusaurusContext.ts'),
    '@docusaurus/useBaseUrl': path.join(api, 'useBaseUrl.ts'),
    '@docusaurus/plugin-content-docs/client': path.join(api, 'docsClient.ts'),
  };
}
