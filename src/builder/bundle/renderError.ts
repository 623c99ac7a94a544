// Where a page threw while it rendered, in the person's own file: the server bundle's source map is
// written beside it (server.ts) and read only when a page fails, in the thread that rendered it.
import fs from 'node:fs';
import path from 'node:path';
import type { SourceMapPayload } from 'node:module';
import { thrownAt, type SourcePosition } from '../config/thrownAt.js';
import { packageRoot } from '../paths.js';

/**
 * Writes the map of `bundleFile` beside it, its sources made absolute (esbuild wrote them relative to
 * `sourcesDir`). Written at every build: the same code, named by its text, may come from a site at
 * another path.
 */
export function writeSourceMap(bundleFile: string, mapText: string, sourcesDir: string): void {
  const mapFile = `${bundleFile}.map`;
  // The same map from the same folder, written by this process and still there (a bundle shared by
  // builds of several sites, sharedBundles.ts): 12 ms of every small site's build, saved.
  const was = written.get(mapFile);
  if (was?.mapText === mapText && was.sourcesDir === sourcesDir && fs.existsSync(mapFile)) return;
  const map = JSON.parse(mapText) as SourceMapPayload;
  const absolute = { ...map, sources: map.sources.map((s) => path.resolve(sourcesDir, s)) };
  const tmp = `${mapFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(absolute));
  fs.renameSync(tmp, mapFile);
  written.delete(mapFile);
  written.set(mapFile, { mapText, sourcesDir });
  if (written.size > 4) written.delete(written.keys().next().value!);
}

/** The last maps this process wrote, by file (a few hundred KB each: the last few only). */
const written = new Map<string, { mapText: string; sourcesDir: string }>();

const maps = new Map<string, SourceMapPayload | null>();

/** The file:line:column in the site's sources where `error` was thrown (or the call that threw was made), if known. */
export function renderErrorAt(error: unknown, bundleFile: string): SourcePosition | undefined {
  if (!maps.has(bundleFile)) {
    try {
      maps.set(bundleFile, JSON.parse(fs.readFileSync(`${bundleFile}.map`, 'utf8')) as SourceMapPayload);
    } catch {
      // A map pruned from the cache, or never written: the page file alone is named then.
      maps.set(bundleFile, null);
    }
  }
  const map = maps.get(bundleFile);
  // The site's own line: a theme hook or a package that throws was called from there.
  const ownSources = path.join(packageRoot(), 'src') + path.sep;
  return map ? thrownAt(error, bundleFile, map, { accept: (file) => !file.startsWith(ownSources) && !file.split(path.sep).includes('node_modules') }) : undefined;
}
