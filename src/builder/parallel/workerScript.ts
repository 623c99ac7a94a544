import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import * as esbuild from 'esbuild';
import { packageRoot } from '../paths.js';
import { sourceFiles } from '../sourceFiles.js';
import { nodeBundleOptions, writeKeyedModule } from '../bundle/nodeModule.js';
import { markedAscii, ONE_NAMESPACE, oneNamespaceEach } from '../../../bin/bundleText.js';
import { PACKAGE_PATCHES } from '../../../bin/bundlePatches.js';

// A worker thread's code: the TypeScript sources bundled into node_modules/.cache, with its npm
// packages (but the few that find files of their own at run time), once per version of the sources
// and of the installed packages.
//
// With the packages left as imports, a new build worker spent 0.65 s of CPU (0.85-0.95 s of wall
// time) resolving, reading and compiling the ~200 modules of micromark, remark, refractor and the like
// before its first job; bundled, 0.16 s (measured with a worker that only answers one message, Node
// 20, on the two-core build machine). A cold build starts four build workers (two to parse, two fresh
// ones for the HTML, see executor.ts) and the search worker. Bundling the packages takes esbuild
// longer, so the bundle is kept for the next builds, named by a key of its inputs.

/**
 * Packages that stay imports: esbuild finds its binary, jieba its native addon, playwright-core its
 * driver and browsers, next to their own files (the CLI's list is in bin/cli-bundle.js).
 */
const RESOLVED_AT_RUN_TIME = ['esbuild', '@node-rs/*', 'playwright-core'];

const cached = new Map<string, Promise<string>>();

/**
 * The bundled script of a worker thread, made once per process. A script removed since (`sitegen
 * clear`, or the cache pruned by another process) is made again: a thread started from a missing
 * file fails before its first job.
 */
export async function bundledWorker(name: string, entry: string): Promise<string> {
  const script = await madeOnce(name, entry);
  if (fs.existsSync(script)) return script;
  cached.delete(name);
  return madeOnce(name, entry);
}

function madeOnce(name: string, entry: string): Promise<string> {
  let script = cached.get(name);
  if (!script) {
    script = writeKeyedModule(
      `${name}-${inputsKey()}`,
      async () => {
        const result = await esbuild.build({
          ...nodeBundleOptions,
          // CommonJS, run by bin/thread.js through vm.Script with V8's code cache (Node 20 has none for
          // ES modules), which passes it `require`, `__sitegenImport` and `__sitegenBundleUrl`.
          format: 'cjs',
          packages: undefined,
          external: RESOLVED_AT_RUN_TIME,
          define: { ...nodeBundleOptions.define, 'import.meta.url': '__sitegenBundleUrl' },
          plugins: [importThroughThread, ...PACKAGE_PATCHES],
          // One namespace per Node module left out, not one per module of the bundle that imports
          // it, and the text in ASCII, which bin/thread.js reads without decoding (bundleText.js, as
          // the CLI's bundle).
          banner: { js: ONE_NAMESPACE },
          entryPoints: [path.join(packageRoot(), entry)],
        });
        return markedAscii(oneNamespaceEach(result.outputFiles[0].text));
      },
      '.cjs',
    );
    cached.set(name, script);
    script.catch(() => cached.delete(name));
  }
  return script;
}

/**
 * src/builder/importModule.ts in a thread's bundle: import() by node's loader from bin/thread.js, not
 * from the bundle's code (on Node 20, import() fails in code read back from a code cache; the CLI's
 * bundle does the same, bin/cli-bundle.js).
 */
const importThroughThread: esbuild.Plugin = {
  name: 'import-through-thread',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]builder[\\/]importModule\.ts$/ }, () => ({
      contents: 'export const importModule = (specifier) => __sitegenImport(specifier);',
      loader: 'js',
    }));
  },
};

/** The build worker (parsing, markdown and HTML rendering). */
export function workerScript(): Promise<string> {
  return bundledWorker('worker', 'src/builder/parallel/worker.ts');
}

/** A thread of the HTML stage alone (rendering and writing pages). */
export function htmlWorkerScript(): Promise<string> {
  return bundledWorker('html-worker', 'src/builder/parallel/htmlWorker.ts');
}

let key: string | undefined;

/** What a worker bundle is made of, by size and time: sitegen's sources and the installed packages. */
function inputsKey(): string {
  if (key) return key;
  const root = packageRoot();
  const hash = crypto.createHash('sha256');
  const add = (file: string) => {
    const s = fs.statSync(file, { throwIfNoEntry: false });
    if (s) hash.update(`${path.relative(root, file)}:${s.size}:${s.mtimeMs}\n`);
  };
  for (const s of sourceFiles(root)) if (/\.(tsx?|json)$/.test(s.rel)) hash.update(`${s.rel}:${s.size}:${s.mtimeMs}\n`);
  // The one file outside src/ the bundles hold (the server renderer's code cache), and the one that runs them.
  add(path.join(root, 'bin', 'codeCache.js'));
  add(path.join(root, 'bin', 'thread.js'));
  add(path.join(root, 'bin', 'bundleText.js'));
  add(path.join(root, 'bin', 'bundlePatches.js'));
  // npm rewrites this file at every install that changes node_modules.
  add(path.join(root, 'node_modules', '.package-lock.json'));
  return (key = hash.digest('hex').slice(0, 16));
}
