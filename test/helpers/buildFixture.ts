import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type BuildResult } from '../../src/builder/build.js';
import { MemorySink } from '../../src/builder/output/sink.js';

export interface MemoryBuild {
  result: BuildResult;
  sink: MemorySink;
}

/** Builds a site into memory. */
export async function buildInMemory(configFile: string, options: { locale?: string } = {}): Promise<MemoryBuild> {
  const sink = new MemorySink();
  const result = await build({ configFile, sink, locale: options.locale });
  return { result, sink };
}

/** Writes a small site (files by relative path) into a temporary folder and returns its folder. */
export function writeSite(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-test-'));
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return dir;
}

export const configImport = `import type { SiteConfigInput } from ${JSON.stringify(path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../src/builder/config/schema'))};`;
