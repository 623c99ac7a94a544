import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as esbuild from 'esbuild';
import { transform, type CSSModuleExports } from 'lightningcss';

// Stylesheets of site code, as Docusaurus treats them: `x.module.css` (and .scss/.sass) exports its
// class names, scoped to the file (`hero_<hash of the file's path in the site>`: the same on the
// server and in the browser, and across builds); plain stylesheets are global. In the browser bundle
// the CSS joins the stylesheet of the chunk that imports it, so a page's styles come with its chunk;
// the server bundle keeps only the names. Sass is compiled with the site's own `sass` package.

const SASS = /\.s[ac]ss$/;
const MODULE = /\.module\.(css|s[ac]ss)$/;
const CSS_NAMESPACE = 'site-css';

type Sass = typeof import('sass');

/** The site's `sass` package, as its own code would load it; undefined when it has none. */
function loadSass(siteDir: string): Sass | undefined {
  try {
    return createRequire(path.join(siteDir, 'package.json'))('sass') as Sass;
  } catch {
    return undefined;
  }
}

export const SASS_MISSING = 'Sass stylesheets need the `sass` package in the site: npm install --save-dev sass';

export function stylePlugin(params: { siteDir: string; target: 'server' | 'client'; postcss?: (css: string, file: string) => Promise<string> }): esbuild.Plugin {
  return {
    name: 'sitegen-styles',
    setup(build) {
      let sass: Sass | undefined | null = null;
      const siteSass = () => (sass === null ? (sass = loadSass(params.siteDir)) : sass);
      // One compile per stylesheet per build: its JS module and its CSS module both need it.
      let compiled = new Map<string, { css: string; names: Record<string, string>; dependencies: string[]; watchFiles: string[] }>();
      // Docusaurus plugins' configurePostCss (Tailwind...) runs over every stylesheet before it is
      // compiled further (CSS modules scoped): asynchronously (PostCSS plugins may be), before compile().
      let postcssed = new Map<string, Promise<void>>();
      const postcssResults = new Map<string, { css: string; watchFiles: string[] }>();
      build.onStart(() => {
        compiled = new Map();
        postcssed = new Map();
        postcssResults.clear();
      });
      const runPostcss = params.postcss;
      const prepare = (file: string): Promise<void> => {
        let done = postcssed.get(file);
        if (!done) {
          done = (async () => {
            const source = SASS.test(file) ? sassCss(file) : { css: fs.readFileSync(file, 'utf8'), watchFiles: [] };
            postcssResults.set(file, { css: await postcssCss(runPostcss!, source.css, file), watchFiles: source.watchFiles });
          })();
          postcssed.set(file, done);
        }
        return done;
      };
      /** guard(load), once PostCSS is done with the file when there are PostCSS plugins. */
      const loaded = (file: string, load: () => esbuild.OnLoadResult): esbuild.OnLoadResult | Promise<esbuild.OnLoadResult> =>
        runPostcss
          ? prepare(file).then(
              () => guard(load),
              (e: unknown) =>
                guard(() => {
                  throw e;
                }),
            )
          : guard(load);
      // The Sass files a stylesheet loaded are no modules of the build: runEsbuild checks them too
      // before it reuses a result (the dev server).
      build.onEnd((result) => {
        (result as esbuild.BuildResult & { watchFiles: string[] }).watchFiles = [...new Set([...compiled.values()].flatMap((c) => c.watchFiles))].sort();
      });

      const sassCss = (file: string): { css: string; watchFiles: string[] } => {
        const compiler = siteSass();
        if (!compiler) throw new StyleError(SASS_MISSING, file);
        try {
          const result = compiler.compile(file, { style: 'expanded', loadPaths: [path.join(params.siteDir, 'node_modules')] });
          return { css: result.css, watchFiles: result.loadedUrls.filter((u) => u.protocol === 'file:').map((u) => decodeURIComponent(u.pathname)) };
        } catch (e) {
          const span = (e as { span?: { url?: URL; start: { line: number; column: number } } }).span;
          throw new StyleError(
            (e as { sassMessage?: string }).sassMessage ?? (e as Error).message,
            span?.url ? decodeURIComponent(span.url.pathname) : file,
            span && { line: span.start.line + 1, column: span.start.column },
          );
        }
      };

      const compile = (file: string) => {
        const done = compiled.get(file);
        if (done) return done;
        const source = postcssResults.get(file) ?? (SASS.test(file) ? sassCss(file) : { css: fs.readFileSync(file, 'utf8'), watchFiles: [] });
        let result = { css: source.css, names: {} as Record<string, string>, dependencies: [] as string[], watchFiles: source.watchFiles };
        if (MODULE.test(file)) {
          try {
            const out = transform({
              // The path in the site names the classes: the same wherever the site is checked out.
              filename: path.relative(params.siteDir, file).split(path.sep).join('/'),
              code: Buffer.from(source.css),
              cssModules: { pattern: '[local]_[hash]' },
              errorRecovery: true,
            });
            result = { ...result, css: out.code.toString(), ...classNames(out.exports ?? {}) };
          } catch (e) {
            const loc = (e as { loc?: { line: number; column: number } }).loc;
            throw new StyleError((e as Error).message, file, loc && { line: loc.line, column: loc.column - 1 });
          }
        }
        compiled.set(file, result);
        return result;
      };

      build.onResolve({ filter: SASS }, (args) => {
        // Checked here so the error points at the import.
        if (args.kind !== 'url-token' && siteSass() === undefined) return { errors: [{ text: `Cannot compile ${args.path}. ${SASS_MISSING}` }] };
        return undefined;
      });

      build.onLoad({ filter: MODULE, namespace: 'file' }, (args) =>
        loaded(args.path, () => {
          const { names, dependencies, watchFiles } = compile(args.path);
          const imports = dependencies.map((d, i) => `import __dep${i} from ${JSON.stringify(d)};`);
          // Named by its path in the site: the output must not depend on where the site is checked out.
          const css = params.target === 'client' ? [`import ${JSON.stringify(`${CSS_NAMESPACE}:${path.relative(params.siteDir, args.path).split(path.sep).join('/')}`)};`] : [];
          const entries = Object.entries(names).map(([local, scoped]) => `${JSON.stringify(local)}: ${scoped}`);
          return { contents: [...css, ...imports, `export default {${entries.join(', ')}};`].join('\n'), loader: 'js', resolveDir: path.dirname(args.path), watchFiles };
        }),
      );

      // The server renders markup only: a global stylesheet is nothing there. In the browser bundle a
      // plain .css is esbuild's own loader (no callback into this thread for the theme's sheets).
      // With PostCSS plugins (configurePostCss), every plain stylesheet goes through them too.
      build.onLoad({ filter: params.target === 'server' || params.postcss ? /\.(css|s[ac]ss)$/ : SASS, namespace: 'file' }, (args) => {
        if (params.target === 'server') return { contents: '', loader: 'js' };
        return loaded(args.path, () => {
          const { css, watchFiles } = compile(args.path);
          return { contents: css, loader: 'css', resolveDir: path.dirname(args.path), watchFiles };
        });
      });

      build.onResolve({ filter: new RegExp(`^${CSS_NAMESPACE}:`) }, (args) => ({ path: args.path.slice(CSS_NAMESPACE.length + 1), namespace: CSS_NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: CSS_NAMESPACE }, (args) => {
        const file = path.resolve(params.siteDir, args.path);
        return loaded(file, () => ({ contents: compile(file).css, loader: 'css', resolveDir: path.dirname(file) }));
      });
    },
  };
}

async function postcssCss(run: (css: string, file: string) => Promise<string>, css: string, file: string): Promise<string> {
  try {
    return await run(css, file);
  } catch (e) {
    const err = e as Error & { line?: number; column?: number; file?: string; reason?: string };
    throw new StyleError(`PostCSS (configurePostCss): ${err.reason ?? err.message}`, err.file ?? file, err.line ? { line: err.line, column: (err.column ?? 1) - 1 } : undefined);
  }
}

/**
 * Each class name as a JavaScript expression: the scoped name, followed by the names it composes
 * (from the same file, global ones, or another module's, imported by the generated code).
 */
function classNames(exports: CSSModuleExports): { names: Record<string, string>; dependencies: string[] } {
  const dependencies: string[] = [];
  const names: Record<string, string> = {};
  for (const [local, exported] of Object.entries(exports).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const parts = [JSON.stringify(exported.name)];
    for (const c of exported.composes) {
      if (c.type === 'dependency') {
        let i = dependencies.indexOf(c.specifier);
        if (i < 0) i = dependencies.push(c.specifier) - 1;
        parts.push(`__dep${i}[${JSON.stringify(c.name)}]`);
      } else parts.push(JSON.stringify(c.name));
    }
    names[local] = parts.join(' + " " + ');
  }
  return { names, dependencies };
}

class StyleError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly at?: { line: number; column: number },
  ) {
    super(message);
  }
}

/** A stylesheet that cannot be compiled is an esbuild error at its own file and line. */
function guard(load: () => esbuild.OnLoadResult): esbuild.OnLoadResult {
  try {
    return load();
  } catch (e) {
    if (!(e instanceof StyleError)) throw e;
    return { errors: [{ text: e.message, location: { file: e.file, line: e.at?.line ?? 1, column: e.at?.column ?? 0 } }] };
  }
}
