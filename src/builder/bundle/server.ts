import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { packageRoot } from '../paths.js';
import { extensionsKey, siteCodeOptions, siteRootComponent, unknownModuleError, unprovidedImports, type SiteCodeExtensions } from './siteCode.js';
import type { PageSource } from '../content/pageFiles.js';
import { SitegenError, type Problem } from '../errors.js';
import { derived, runEsbuild, type EsbuildContexts } from './runEsbuild.js';
import { foundCached, nodeBundleOptions, writeCachedModule } from './nodeModule.js';
import { REQUIRE_BANNER, requireCommonJs } from './requireCommonJs.js';
import { writeSourceMap } from './renderError.js';
import { loadServerModule, loadServerRenderer, type ServerBundle, type ServerRenderer } from './serverRenderer.js';
import { makeServerScript } from './serverScript.js';

/**
 * Bundles the server renderer (theme + the site's React pages) for Node, so pages can import the
 * theme by its Docusaurus names, and imports it. The file is named by its content hash: an unchanged
 * bundle is not loaded twice by the dev server.
 */
export async function bundleServer(params: {
  siteDir: string;
  baseUrl: string;
  staticDirectories?: string[];
  pages: PageSource[];
  /** The scripts of the site's `clientModules`: imported for their side effects, as Docusaurus runs them on the server too. */
  clientScripts?: string[];
  contexts?: EsbuildContexts;
  /** What the site's Docusaurus plugins add (theme folders, aliases, PostCSS). */
  extensions?: SiteCodeExtensions;
}): Promise<ServerBundle> {
  const root = packageRoot();
  const components = params.pages.filter((p) => p.kind === 'component');
  // The site's src/theme/Root, when it has one, wraps every page.
  const siteRoot = siteRootComponent(params.siteDir);
  const entry = [
    `import { renderApp as render } from ${JSON.stringify(path.join(root, 'src/builder/render/serverEntry.tsx'))};`,
    ...(siteRoot ? [`import SiteRoot from ${JSON.stringify(siteRoot)};`] : []),
    ...(params.clientScripts ?? []).map((f) => `import ${JSON.stringify(f)};`),
    ...(components.some((p) => p.routeProps) ? [`import { withRouteProps } from ${JSON.stringify(path.join(root, 'src/theme/layouts/RouteComponent.tsx'))};`] : []),
    ...components.map((p, i) =>
      p.routeProps ? `import * as R${i} from ${JSON.stringify(p.file)};\nconst P${i} = { default: withRouteProps(R${i}.default) };` : `import * as P${i} from ${JSON.stringify(p.file)};`,
    ),
    `export const modules = {${components.map((p, i) => `${JSON.stringify(p.key)}: P${i}`).join(', ')}};`,
    siteRoot ? `export const renderApp = (state, pages, head, links) => render(state, pages, head, links, SiteRoot);` : `export { render as renderApp };`,
  ].join('\n');
  const dependencies = sitegenDependencies();
  const site = siteCodeOptions({ siteDir: params.siteDir, baseUrl: params.baseUrl, staticDirectories: params.staticDirectories, target: 'server', extensions: params.extensions });
  let result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[] };
  try {
    result = await runEsbuild({
      purpose: 'server',
      key: JSON.stringify({ entry, siteDir: params.siteDir, baseUrl: params.baseUrl, ...(params.extensions ? { extensions: extensionsKey(params.extensions) } : {}) }),
      contexts: params.contexts,
      shareIn: params.siteDir,
      options: {
        ...nodeBundleOptions,
        ...site,
        // The metafile's paths are relative to it (unprovidedImports, runEsbuild's stamps of the files
        // read): without it esbuild takes the folder its module was loaded in, not this process's
        // folder now (a process that changed folders read every input as missing, and shared none).
        absWorkingDir: root,
        // The site's own packages are bundled (the bundle is imported from sitegen's folder, where
        // they are not); sitegen's dependencies are imported at run time.
        packages: undefined,
        external: [...(site.external ?? []), ...dependencies],
        // The CommonJS ones (React, lunr) are required, not imported: see requireCommonJs.ts.
        plugins: [requireCommonJs({ packages: dependencies, root }), ...(site.plugins ?? [])],
        banner: { js: REQUIRE_BANNER },
        // Kept beside the bundle: a page that throws while rendering is reported at its own file:line (renderError.ts).
        sourcemap: 'external',
        sourcesContent: false,
        // Nothing is written there (write: false): the map's sources are relative to it.
        outfile: path.join(root, 'sitegen-server.mjs'),
        stdin: { contents: entry, resolveDir: root, loader: 'tsx', sourcefile: 'sitegen-server-entry.tsx' },
      },
    });
  } catch (e) {
    throw bundleError(e, 'Cannot bundle the site pages');
  }
  const unprovided = unprovidedImports(result.metafile!, root);
  if (unprovided.length) throw new SitegenError('Cannot bundle the site pages', unprovided);
  const code = result.outputFiles.find((f) => !f.path.endsWith('.map'))!;
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'));
  const file = writeCachedModule('server', code.text);
  if (map) writeSourceMap(file, map.text, path.dirname(map.path));
  // A server bundle made before (by an earlier build: not one the dev server just made of an edit) is
  // loaded from a script once made (serverScript.ts).
  if (foundCached(file)) await makeServerScript(file);
  // Every page module has a default export: checked once per output (the same bundle passes again,
  // read back from the cache or reused, without being imported: runEsbuild.ts derived).
  await derived({ purpose: 'server', result, contexts: params.contexts }, async () => {
    const { mod } = await loadServerModule(file);
    const problems: Problem[] = [];
    for (const p of components) {
      if (typeof mod.modules[p.key]?.default !== 'function') {
        problems.push({ message: 'the page component has no default export', file: p.file, hint: 'Add `export default function MyPage() { ... }` to the page module.' });
      }
    }
    if (problems.length) throw new SitegenError('Invalid page modules', problems);
    return true;
  });
  const pageKeys = components.map((p) => p.key);
  let loading: Promise<ServerRenderer> | undefined;
  return { file, pageKeys, load: () => (loading ??= loadServerRenderer({ file, pageKeys })) };
}

function sitegenDependencies(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return Object.keys(pkg.dependencies ?? {});
}

export function bundleError(e: unknown, title: string): SitegenError {
  if (e instanceof SitegenError) return e;
  const errors = (e as { errors?: esbuild.Message[] }).errors ?? [];
  if (!errors.length) return new SitegenError(title, [{ message: (e as Error).message }]);
  return new SitegenError(
    title,
    errors.map((m) => ({ message: unknownModuleError(m.text), file: m.location?.file, line: m.location?.line, column: m.location ? m.location.column + 1 : undefined })),
  );
}
