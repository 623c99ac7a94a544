import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type BuildResult } from '../../src/builder/build.js';
import { MemorySink } from '../../src/builder/output/sink.js';
import { repoRoot } from './paths.js';
import type { PagePayload } from '../../src/shared/types.js';

/**
 * A small site written to a temporary folder; `config` is the body of the default export. Like a real
 * site it has a home page (index.md in its pages folder, which the navbar's brand links to) unless `files` has
 * one, the config turns pages off or serves docs at the root, or `home: false`.
 */
export function makeSite(files: Record<string, string>, config: Record<string, unknown> = {}, options: { home?: boolean } = {}): { dir: string; configFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-site-'));
  const docsAtRoot = JSON.stringify(config).includes('"routeBasePath":"/"');
  const pagesDir = config.pages === false ? undefined : ((config.pages as { path?: string } | undefined)?.path ?? 'src/pages');
  const home = options.home ?? (pagesDir !== undefined && !docsAtRoot && !Object.keys(files).some((f) => f.startsWith(`${pagesDir}/index.`)));
  const all: Record<string, string> = {
    'site.config.ts': `export default ${JSON.stringify({ title: 'Test Site', url: 'https://example.com', ...config }, null, 2)};\n`,
    ...(home ? { [`${pagesDir}/index.md`]: '# Home\n' } : {}),
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return { dir, configFile: path.join(dir, 'site.config.ts') };
}

export async function buildSite(configFile: string, options: { locale?: string } = {}): Promise<{ result: BuildResult; sink: MemorySink }> {
  const sink = new MemorySink();
  const result = await build({ configFile, sink, locale: options.locale });
  return { result, sink };
}

/** Runs a build and returns the thrown error (a build that succeeds fails the test). */
export async function buildError(configFile: string): Promise<Error & { problems?: { message: string; file?: string; line?: number; column?: number; hint?: string }[] }> {
  try {
    await buildSite(configFile);
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected the build to fail');
}

export const sitegenBin = path.join(repoRoot, 'bin/sitegen.js');

/** The page data a built page carries for hydration (its `__SITEGEN_DATA__` script). */
export function pagePayload(html: string): PagePayload {
  const data = /<script id="__SITEGEN_DATA__" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!data) throw new Error('the page has no __SITEGEN_DATA__ script');
  return JSON.parse(data[1]) as PagePayload;
}
