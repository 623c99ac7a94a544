import fs from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { packageRoot } from '../../paths.js';

// The module names a site's code imports sitegen's client API by: Docusaurus's `@docusaurus/*` and
// `@theme/*` names, and `sitegen/theme`. A site may swizzle a theme component as in Docusaurus, by a
// file of the same name under `src/theme/` (`@theme-original/X` is then sitegen's own). They are
// esbuild aliases, resolved by esbuild itself: a plugin's callback for each import would run on the
// thread that parses markdown meanwhile, and the bundle would wait for it. Any other name of those
// scopes is an error listing what is provided: one esbuild cannot resolve (its message is reworded,
// unknownModuleError), or a Docusaurus package the site happens to have installed, which would break
// at run time (unprovidedImports, from the build's metafile).

const API: Record<string, string> = {
  'sitegen/theme': 'index.ts',
  '@docusaurus/BrowserOnly': 'BrowserOnly.tsx',
  '@docusaurus/ExecutionEnvironment': 'ExecutionEnvironment.ts',
  '@docusaurus/Head': 'Head.tsx',
  '@docusaurus/Interpolate': 'Interpolate.tsx',
  '@docusaurus/isInternalUrl': 'isInternalUrl.ts',
  '@docusaurus/Link': 'Link.tsx',
  '@docusaurus/plugin-content-docs/client': 'docsClient.ts',
  '@docusaurus/router': 'router.ts',
  '@docusaurus/theme-common': 'themeCommon.ts',
  '@docusaurus/Translate': 'Translate.tsx',
  '@docusaurus/useBaseUrl': 'useBaseUrl.ts',
  '@docusaurus/useDocusaurusContext': 'useDocusaurusContext.ts',
  '@docusaurus/useGlobalData': 'useGlobalData.ts',
  '@docusaurus/useIsBrowser': 'useIsBrowser.ts',
  '@theme/Admonition': 'Admonition.tsx',
  '@theme/CodeBlock': 'CodeBlock.tsx',
  '@theme/Details': 'Details.tsx',
  '@theme/DocCardList': 'DocCardList.tsx',
  '@theme/Heading': 'Heading.tsx',
  '@theme/Layout': 'Layout.tsx',
  '@theme/MDXComponents': 'MDXComponents.ts',
  '@theme/Mermaid': 'Mermaid.tsx',
  '@theme/TabItem': 'TabItem.tsx',
  '@theme/Tabs': 'Tabs.tsx',
  '@theme/ThemedImage': 'ThemedImage.tsx',
};

/** The module names sitegen provides to site code, mapped to their files. */
export function providedModules(): Record<string, string> {
  const api = path.join(packageRoot(), 'src/theme/api');
  return Object.fromEntries(Object.entries(API).map(([name, file]) => [name, path.join(api, file)]));
}

const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js'];
const SCOPES = /^(@docusaurus|@theme|@theme-original)\//;

/** The site's own theme components (`src/theme/A.tsx`, `src/theme/A/index.tsx`, `src/theme/A/B.tsx`) by their @theme names. */
function siteThemeComponents(siteDir: string, themeDir = path.join(siteDir, 'src/theme')): [string, string][] {
  const found: [string, string][] = [];
  const walk = (dir: string, prefix: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, `${prefix}${entry.name}/`);
      else if (EXTENSIONS.includes(path.extname(entry.name))) {
        const base = path.basename(entry.name, path.extname(entry.name));
        found.push([base === 'index' && prefix ? prefix.slice(0, -1) : `${prefix}${base}`, full]);
      }
    }
  };
  walk(themeDir, '');
  return found;
}

/**
 * esbuild aliases of site code: sitegen's client API, the components of Docusaurus plugins' theme
 * folders (the first plugin's first, as Docusaurus), the site's swizzled components, `@site`.
 */
export function clientApiAliases(siteDir: string, pluginThemeDirs: string[] = []): Record<string, string> {
  const aliases: Record<string, string> = { '@site': siteDir };
  for (const [name, file] of Object.entries(providedModules())) {
    aliases[name] = file;
    if (name.startsWith('@theme/')) aliases[name.replace('@theme/', '@theme-original/')] = file;
  }
  for (const dir of [...pluginThemeDirs].reverse()) for (const [name, file] of siteThemeComponents(siteDir, dir)) aliases[`@theme/${name}`] = file;
  for (const [name, file] of siteThemeComponents(siteDir)) aliases[`@theme/${name}`] = file;
  return aliases;
}

export function unknownModuleMessage(name: string): string {
  return `sitegen does not provide "${name}". Provided: ${Object.keys(API).join(', ')}.`;
}

/**
 * esbuild's "Could not resolve" for a name of sitegen's scopes, and its "No matching export" for an
 * import of a module sitegen provides, said as what they are.
 */
export function unknownModuleError(text: string): string {
  const name = /^Could not resolve "([^"]+)"/.exec(text)?.[1];
  if (name && SCOPES.test(name)) return unknownModuleMessage(name);
  const missing = /^No matching export in "([^"]+)" for import "([^"]+)"/.exec(text);
  const provided = missing && Object.entries(providedModules()).find(([, file]) => file.endsWith(path.sep + path.normalize(missing[1])));
  if (!missing || !provided) return text;
  const exports = providedExports(provided[1]);
  return `sitegen's "${provided[0]}" has no export "${missing[2]}". It provides: ${exports.join(', ')}.`;
}

/** The names a module of sitegen's API exports (its own source, written as `export function|const|{ ... }`). */
function providedExports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const m of source.matchAll(/^export (?:default )?(?:function|const|class) (\w+)/gm)) names.add(/^export default/.test(m[0]) ? 'default' : m[1]);
  for (const m of source.matchAll(/^export \{([^}]*)\}/gm))
    for (const part of m[1].split(',')) {
      const exported = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (exported && !exported.startsWith('type ')) names.add(exported);
    }
  return [...names].sort();
}

/** Imports of `@docusaurus/*` or `@theme/*` names that resolved to an installed package instead of sitegen's API, with where they are. */
export function unprovidedImports(metafile: esbuild.Metafile, root: string): { message: string; file: string; line?: number }[] {
  // sitegen's own files may be under a node_modules too (sitegen installed as a package).
  const provided = new Set(Object.values(providedModules()));
  const found: { message: string; file: string; line?: number }[] = [];
  for (const [input, info] of Object.entries(metafile.inputs)) {
    for (const imp of info.imports) {
      if (!imp.original || !SCOPES.test(imp.original) || !/(^|[/\\])node_modules[/\\]/.test(imp.path) || provided.has(path.resolve(root, imp.path))) continue;
      const file = path.resolve(root, input);
      const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
      const at = lines.findIndex((l) => l.includes(`'${imp.original}'`) || l.includes(`"${imp.original}"`));
      found.push({ message: unknownModuleMessage(imp.original), file, line: at >= 0 ? at + 1 : undefined });
    }
  }
  return found;
}

/** A site in sitegen's own checkout (the Shifu site) has sitegen's theme as its src/theme: no component of it is the site's own. */
function themeIsSitegens(siteDir: string): boolean {
  return path.resolve(siteDir, 'src/theme') === path.join(packageRoot(), 'src/theme');
}

/** The site's own `src/theme/Root` (Docusaurus's wrapper of every page), when it has one. */
export function siteRootComponent(siteDir: string): string | undefined {
  if (themeIsSitegens(siteDir)) return undefined;
  return siteThemeComponents(siteDir).find(([name]) => name === 'Root')?.[1];
}

/**
 * The site's own theme components (`src/theme/Footer/index.js`, as Docusaurus sites swizzle them)
 * that no bundle read: sitegen's theme draws its own layout and does not take them, so they would be
 * left out silently. One warning per component, at its file; `MDXComponents`, which the markdown
 * takes (markdown/parseOptions.ts), is not one of them.
 */
export function unusedSwizzles(siteDir: string, read: string[]): { message: string; file: string; line: number; hint: string }[] {
  const used = new Set(read.map((f) => path.resolve(f)));
  const byComponent = new Map<string, string[]>();
  if (themeIsSitegens(siteDir)) return [];
  for (const [name, file] of siteThemeComponents(siteDir)) {
    const top = name.split('/')[0];
    if (top === 'MDXComponents') continue;
    byComponent.set(top, [...(byComponent.get(top) ?? []), file]);
  }
  const unused: { message: string; file: string; line: number; hint: string }[] = [];
  for (const [name, files] of byComponent) {
    if (files.some((f) => used.has(path.resolve(f)))) continue;
    const entry = files.find((f) => /[/\\]index\.[jt]sx?$/.test(f) && path.basename(path.dirname(f)) === name) ?? files[0];
    unused.push({
      message: `sitegen's theme draws its own ${name}: this swizzled @theme/${name} is not used (site code that imports @theme/${name} would get it)`,
      file: entry,
      line: 1,
      hint: 'Change the theme with themeConfig and customCss (src/css/custom.css), or use the component in a React page or an MDX file; delete the file if it is no longer needed.',
    });
  }
  return unused;
}
