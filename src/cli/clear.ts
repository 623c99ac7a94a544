import fs from 'node:fs';
import path from 'node:path';
import { storeFolder, clearCacheFolder } from '../builder/cacheFolder.js';
import { loadConfig } from '../builder/config/loadConfig.js';
import { isOutput } from '../builder/output/safeOutDir.js';

// `sitegen clear` (Docusaurus's command of that name): removes the build cache and the output folder
// of the last build, so that the next build starts from nothing. An output folder is removed only
// when `sitegen build` wrote it (its marker file), never a folder a person made.

export async function runClear(opts: { config: string }): Promise<void> {
  const freed = clearCacheFolder();
  console.log(`✔ Removed the build cache ${path.relative(process.cwd(), storeFolder()) || '.'} (${(freed / 1024 / 1024).toFixed(1)} MB)`);
  if (!fs.existsSync(opts.config)) return;
  const { config, siteDir } = await loadConfig({ configFile: opts.config });
  const outDir = path.resolve(siteDir, config.outDir);
  if (isOutput(outDir)) {
    fs.rmSync(outDir, { recursive: true, force: true });
    console.log(`✔ Removed the output folder ${path.relative(process.cwd(), outDir) || '.'}`);
  }
}
