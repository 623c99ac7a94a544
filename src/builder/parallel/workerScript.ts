import path from 'node:path';
import * as esbuild from 'esbuild';
import { packageRoot } from '../paths.js';
import { nodeBundleOptions, writeCachedModule } from '../bundle/nodeModule.js';

let cached: Promise<string> | undefined;

/** The worker thread's code, bundled from TypeScript once per source version into node_modules/.cache. */
export function workerScript(): Promise<string> {
  cached ??= (async () => {
    const result = await esbuild.build({ ...nodeBundleOptions, entryPoints: [path.join(packageRoot(), 'src/builder/parallel/worker.ts')] });
    return writeCachedModule('worker', result.outputFiles[0].text);
  })();
  return cached;
}
