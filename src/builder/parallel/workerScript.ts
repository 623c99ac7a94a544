import path from 'node:path';
import * as esbuild from 'esbuild';
import { packageRoot } from '../paths.js';
import { nodeBundleOptions, writeCachedModule } from '../bundle/nodeModule.js';

const cached = new Map<string, Promise<string>>();

/** A worker thread's code, bundled from TypeScript once per source version into node_modules/.cache. */
export function bundledWorker(name: string, entry: string): Promise<string> {
  let script = cached.get(name);
  if (!script) {
    script = (async () => {
      const result = await esbuild.build({ ...nodeBundleOptions, entryPoints: [path.join(packageRoot(), entry)] });
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
