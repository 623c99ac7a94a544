import path from 'node:path';
import * as esbuild from 'esbuild';
import { packageRoot } from '../paths.js';
import { nodeBundleOptions, writeCachedModule } from '../bundle/nodeModule.js';

// A worker thread's code, bundled from TypeScript once per source version into node_modules/.cache.
//
// Its npm packages are bundled into the one file too (but for the few that find files of their own at
// run time). With them left as imports, a new build worker spent 0.65 s of CPU (0.85-0.95 s of wall
// time) resolving, reading and compiling the ~200 modules of micromark, remark, refactor and the like
// before its first job; bundled, 0.16 s (measured with a worker that only answers one message, Node 20,
// on the two-core build machine). A cold build starts four build workers: two to parse, two fresh
// ones to render the HTML (see executor.ts).

/** Packages that stay imports: esbuild finds its binary, jieba its native addon, next to their own files. */
const RESOLVED_AT_RUN_TIME = ['esbuild', '@node-rs/*'];

const cached = new Map<string, Promise<string>>();

export function bundledWorker(name: string, entry: string): Promise<string> {
  let script = cached.get(name);
  if (!script) {
    script = (async () => {
      const result = await esbuild.build({
        ...nodeBundleOptions,
        packages: undefined,
        external: RESOLVED_AT_RUN_TIME,
        // Bundled CommonJS packages require Node's own modules.
        banner: { js: "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);" },
        entryPoints: [path.join(packageRoot(), entry)],
      });
      return writeCachedModule(name, result.outputFiles[0].text);
    })();
    cached.set(name, script);
    script.catch(() => cached.delete(name));
  }
  return script;
}

/** The build worker (parsing, markdown and HTML rendering). */
export function workerScript(): Promise<string> {
  return bundledWorker('worker', 'src/builder/parallel/worker.ts');
}
