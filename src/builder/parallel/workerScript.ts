import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import * as esbuild from 'esbuild';
import { packageRoot } from '../paths.js';

let cached: Promise<string> | undefined;

/** The worker thread's code, bundled from TypeScript once per source version into node_modules/.cache. */
export function workerScript(): Promise<string> {
  cached ??= (async () => {
    const root = packageRoot();
    const result = await esbuild.build({
      entryPoints: [path.join(root, 'src/builder/parallel/worker.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      write: false,
      logLevel: 'silent',
      define: { __SITEGEN_DEV__: 'false' },
    });
    const code = result.outputFiles[0].text;
    const dir = path.join(root, 'node_modules/.cache/sitegen');
    const file = path.join(dir, `worker-${crypto.createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(`${file}.${process.pid}.tmp`, code);
      fs.renameSync(`${file}.${process.pid}.tmp`, file);
    }
    return file;
  })();
  return cached;
}
