import fs from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { packageRoot } from '../../paths.js';

// The module names a site's code imports sitegen's client API by: Docusaurus's `@docusaurus/*` and
// `@theme/*` names, and `sitegen/theme`. A site may swizzle a theme component as in Docusaurus, by a
// file of the same name under `src/theme/` (`@theme-original/X` is then sitegen's own). Any other
// name of those scopes is an error at the import, listing what is provided: silently bundling a
// Docusaurus package the site happens to have installed would break at run time instead.

const API: Record<string, string> = {
  'sitegen/theme': 'index.ts',
  '@docusaurus/BrowserOnly': 'BrowserOnly.tsx',
  '@docusaurus/ExecutionEnvironment': 'ExecutionEnvironment.ts',
  '@docusaurus/Head': 'Head.tsx',
  '@docusaurus/Interpolate': 'Interpolate.tsx',
  '@docusaurus/Link': 'Link.tsx',
  '@docusaurus/plugin-content-docs/client': 'docsClient.ts',
  '@docusaurus/router': 'router.ts',
  '@docusaurus/Translate': 'Translate.tsx',
  '@docusaurus/useBaseUrl': 'useBaseUrl.ts',
  '@docusaurus/useDocusaurusContext': 'useDocusaurusContext.ts',
  '@docusaurus/useIsBrowser': 'useIsBrowser.ts',
  '@theme/Admonition': 'Admonition.tsx',
  '@theme/CodeBlock': 'CodeBlock.tsx',
  '@theme/Details': 'Details.tsx',
  '@theme/Heading': 'Heading.tsx',
  '@theme/Layout': 'Layout.tsx',
  '@theme/Mermaid': 'Mermaid.tsx',
  '@theme/TabItem': 'TabItem.tsx',
  '@theme/Tabs': 'Tabs.tsx',
};

/** The module names sitegen provides to site code, mapped to their files. */
export function providedModules(): Record<string, string> {
  const api = path.join(packageRoot(), 'src/theme/api');
  return Object.fromEntries(Object.entries(API).map(([name, file]) => [name, path.join(api, file)]));
}

const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js'];

/** The site's own `src/theme/<name>` (a file or a folder with an index), if it has one. */
function swizzled(siteDir: string, name: string): string | undefined {
  const base = path.join(siteDir, 'src/theme', name);
  for (const candidate of [...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function unknownModuleMessage(name: string): string {
  return `sitegen does not provide "${name}". Provided: ${Object.keys(API).join(', ')}.`;
}

export function clientApiPlugin(params: { siteDir: string }): esbuild.Plugin {
  const provided = providedModules();
  return {
    name: 'sitegen-client-api',
    setup(build) {
      build.onResolve({ filter: /^(@theme|@theme-original|@docusaurus)\/|^sitegen\/theme$/ }, (args) => {
        const themeName = /^@theme\/(.+)$/.exec(args.path)?.[1];
        const own = themeName !== undefined ? swizzled(params.siteDir, themeName) : undefined;
        // The swizzled file itself imports sitegen's component by its @theme-original name.
        if (own && own !== args.importer) return { path: own };
        const name = args.path.replace(/^@theme-original\//, '@theme/');
        if (provided[name]) return { path: provided[name] };
        return {
          errors: [
            {
              text: unknownModuleMessage(args.path),
              notes: [{ text: 'Use one of the provided modules, or write the component in the site (src/components/) and import it from there.' }],
            },
          ],
        };
      });
      // Docusaurus's `@site/...`: a path in the site folder, resolved as any other import.
      build.onResolve({ filter: /^@site\// }, (args) =>
        build.resolve(path.join(params.siteDir, args.path.slice('@site/'.length)), { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir }),
      );
    },
  };
}
