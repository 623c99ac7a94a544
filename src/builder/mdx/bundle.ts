import path from 'node:path';
import type * as esbuild from 'esbuild';
import { packageRoot } from '../paths.js';
import { cacheFolder } from '../cacheFolder.js';
import { siteAssetsOf, siteCodeOptions, unknownModuleError, type SiteAsset, type SiteCodeExtensions } from '../bundle/siteCode.js';
import { runEsbuild, type EsbuildContexts } from '../bundle/runEsbuild.js';
import { writeCachedModule } from '../bundle/nodeModule.js';
import { filesRead, filesReached } from '../bundle/inputs.js';
import { SitegenError, type Problem } from '../errors.js';

// The MDX bundle: the modules of the markdown files that hold code (mdx/module.ts), the site code
// they import, and the slot renderer (mdx/render.tsx), bundled for Node once the markdown is parsed.
// The threads that render markdown load it to draw the slots. Its inline source map makes the stack
// of an error thrown by a component point at the site's own files.

const NAMESPACE = 'sitegen-mdx';

export interface MdxBundleResult {
  /** The bundle (named by its content), for the render threads. */
  file: string;
  /** The files its code refers to (images, fonts...): written with the site, as the browser bundle's. */
  assets: SiteAsset[];
  /** The stylesheets its code imports (CSS modules, global sheets): a stylesheet every page links. */
  styles: string[];
  /** Every file it read (absolute): `sitegen dev` watches those of the site. */
  read: string[];
  /** For each markdown file, the files its code reaches (and those a style plugin read): its render holds while they are unchanged. */
  dependencies: Map<string, string[]>;
}

export async function bundleMdx(params: {
  modules: Map<string, string>;
  siteDir: string;
  baseUrl: string;
  staticDirectories?: string[];
  contexts?: EsbuildContexts;
  extensions?: SiteCodeExtensions;
}): Promise<MdxBundleResult> {
  const root = packageRoot();
  const files = [...params.modules.keys()].sort();
  const entry = [
    `export { renderSlot } from ${JSON.stringify(path.join(root, 'src/builder/mdx/render.tsx'))};`,
    ...files.map((f, i) => `import * as M${i} from ${JSON.stringify(`${NAMESPACE}:${f}`)};`),
    `export const modules = {${files.map((f, i) => `${JSON.stringify(f)}: M${i}`).join(', ')}};`,
  ].join('\n');
  const cacheDir = cacheFolder();
  // The loaders of the site's code (CSS modules, Sass, assets, SVG, the Docusaurus client API): the
  // same as its React pages', so class names and urls agree with the browser bundle's.
  const site = siteCodeOptions({ siteDir: params.siteDir, baseUrl: params.baseUrl, staticDirectories: params.staticDirectories, target: 'server', extensions: params.extensions });
  const options: esbuild.BuildOptions & { write: false; absWorkingDir: string } = {
    stdin: { contents: entry, resolveDir: root, loader: 'tsx', sourcefile: 'sitegen-mdx-entry.tsx' },
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    write: false,
    logLevel: 'silent',
    // Source paths relative to the folder the bundle is written to (writeCachedModule).
    outfile: path.join(cacheDir, 'mdx.mjs'),
    sourcemap: 'inline',
    sourcesContent: false,
    define: { __SITEGEN_DEV__: 'false', __SITEGEN_COLOR_MODE_SWITCH__: 'true' },
    ...site,
    // One React for the theme and the site's code: sitegen's, loaded at run time.
    external: [...(site.external ?? []), 'react/*', 'react-dom/*'],
    // The site's imports of React are tracked before the site code's own resolution sees them.
    plugins: [markdownModules(params.modules), trackedReact(root), ...(site.plugins ?? [])],
  };
  let result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[] };
  try {
    result = await runEsbuild({
      purpose: 'mdx',
      options: { ...options, metafile: true },
      key: JSON.stringify([entry, params.siteDir, params.baseUrl, files.map((f) => params.modules.get(f))]),
      contexts: params.contexts,
    });
  } catch (e) {
    throw mdxBundleError(e);
  }
  const styles = Object.keys(result.metafile?.inputs ?? {})
    .filter((f) => /\.(css|scss|sass)$/.test(f) && !f.includes(':'))
    .map((f) => path.resolve(root, f))
    .sort();
  // A Sass partial is no module of the graph: any of them may change the class names of any file.
  const partials = (result as esbuild.BuildResult & { watchFiles?: string[] }).watchFiles ?? [];
  const dependencies = new Map(files.map((f) => [f, [...new Set([...filesReached(result.metafile!, `${NAMESPACE}:${f}`, root), ...partials])].sort()]));
  return { file: writeCachedModule('mdx', result.outputFiles[0].text), assets: siteAssetsOf(result), styles, read: filesRead(result, root), dependencies };
}

/** The modules of the markdown files, read from memory, resolving their imports from the file's folder. */
function markdownModules(modules: Map<string, string>): esbuild.Plugin {
  return {
    name: 'sitegen-markdown-modules',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => ({ path: args.path.slice(NAMESPACE.length + 1), namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: modules.get(args.path), loader: 'jsx', resolveDir: path.dirname(args.path) }));
    },
  };
}

/**
 * The site's imports of React go through the tracking modules (mdx/interaction.ts); sitegen's own do
 * not, but for useIsBrowser's and useColorMode's: a component that asks whether it runs in a browser
 * (as <BrowserOnly> does), or for the mode the page shows, needs one, so it is an island.
 */
function trackedReact(root: string): esbuild.Plugin {
  const own = path.join(root, 'src') + path.sep;
  const browserHooks = new Set([path.join(root, 'src/theme/api/useIsBrowser.ts'), path.join(root, 'src/theme/api/useColorMode.ts')]);
  const targets: Record<string, string> = {
    react: path.join(root, 'src/builder/mdx/trackedReact.ts'),
    'react/jsx-runtime': path.join(root, 'src/builder/mdx/trackedJsx.ts'),
    'react/jsx-dev-runtime': path.join(root, 'src/builder/mdx/trackedJsx.ts'),
  };
  return {
    name: 'sitegen-tracked-react',
    setup(build) {
      build.onResolve({ filter: /^react(\/jsx-(dev-)?runtime)?$/ }, (args) =>
        args.namespace === 'file' && args.importer.startsWith(own) && !browserHooks.has(args.importer) ? undefined : { path: targets[args.path] },
      );
    },
  };
}

/** esbuild's errors, placed in the markdown file (a module's lines are the file's lines) or the site's file. */
export function mdxBundleError(e: unknown): SitegenError {
  const errors = (e as { errors?: esbuild.Message[] }).errors ?? [];
  if (!errors.length) return new SitegenError('Cannot bundle the code of the markdown files', [{ message: (e as Error).message }]);
  const problems: Problem[] = errors.map((m) => {
    const loc = m.location;
    const file = loc?.file.startsWith(`${NAMESPACE}:`) ? loc.file.slice(NAMESPACE.length + 1) : loc ? path.resolve(packageRoot(), loc.file) : undefined;
    const missing = /^Could not resolve "(.*?)"(?: \(originally "(.*?)"\))?/.exec(m.text);
    // Named as the import writes it (`@site/x`, not the path an alias made of it).
    const written = loc ? loc.lineText.slice(loc.column, loc.column + loc.length).replace(/^['"]|['"]$/g, '') : '';
    // sitegen's own modules (`@docusaurus/*`, `@theme/*`): what it provides.
    const reworded = unknownModuleError(m.text);
    if (reworded !== m.text) return { message: reworded, file, line: loc?.line, column: loc ? loc.column + 1 : undefined };
    return {
      message: missing ? `Cannot find the module "${written || missing[2] || missing[1]}"` : m.text,
      file,
      line: loc?.line,
      column: loc ? loc.column + 1 : undefined,
      hint: missing ? 'Import a file of the site by a path relative to the importing file or as "@site/<path from the site folder>", or a package installed in the site\'s node_modules.' : undefined,
    };
  });
  return new SitegenError('Cannot bundle the code of the markdown files', problems);
}
