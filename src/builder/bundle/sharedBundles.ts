import type * as esbuild from 'esbuild';

// Bundles one process shares between the sites it builds. A site that reads none of its own files
// into a bundle (docs and blog alone: no React pages, no swizzled components, no custom CSS, no
// client modules) gets the same browser and server bundles as any other such site: sitegen's theme,
// React and Infima, made by the same options. esbuild made them again for every site: on a build of a
// few pages that is 250-290 ms of esbuild's CPU beside 360 ms of the build's own (measured at
// 2026-12-06 01:50 UTC), and a test run builds some 390 such sites in two processes.
// - Shared only when the options and the caller's key are equal once the site's folder is written as
//   a placeholder, when no file the bundle read lies in the site's folder, and when the output does
//   not name that folder: esbuild's output then depends on nothing that tells the two sites apart.
// - Reused only while every file it read has the size and time it had (runEsbuild.ts's own check).
// - A bundle that holds the site's own files is kept for that site alone (its folder in the key): a
//   process that builds the same site again with the same options (a test file's builds of a
//   fixture, check-links after build) takes it while none of the files it read has changed, as
//   runEsbuild's contexts do between the builds of `sitegen dev`. Never one whose files were saved in
//   the seconds before it ran, nor one with the site's assets (their files are copied from the site).
// - Bounded: the last few bundles, by purpose and options.

/** What runEsbuild keeps of a build: its result, the stamps of the files it read, and its form for the cache on disk. */
export interface SharedBundle<R, S = unknown> {
  result: R;
  inputs: Map<string, string>;
  stored?: S;
}

const KEEP = 6;
/** How many bundles were taken from another site (for the tests). */
export const sharedStats = { reused: 0 };
const bundles = new Map<string, SharedBundle<unknown>>();
/** What the callers made of a shared bundle's output (runEsbuild.ts derived), by purpose: the same for every site that shares it. */
const made = new WeakMap<object, Map<string, Promise<unknown>>>();

/** The key under which a site's bundle is shared: its purpose, key and options with the site's folder left out; none for options that cannot be written as text. */
export function sharedKey(params: { purpose: string; key: string; options: esbuild.BuildOptions; siteDir: string }): string | undefined {
  const { plugins, ...rest } = params.options;
  // The plugins are functions: sitegen's own ones, made from the site folder, the base url and the
  // extensions, all of which are in the caller's key. Other plugins (a site's) are code: not shared.
  if (plugins?.some((p) => !p.name.startsWith('sitegen-'))) return undefined;
  let text: string;
  try {
    text = JSON.stringify([params.purpose, params.key, rest, plugins?.map((p) => p.name)]);
  } catch {
    return undefined;
  }
  return text.split(JSON.stringify(params.siteDir).slice(1, -1)).join('\0site');
}

/** The key of a bundle that holds files of the site in `siteDir`: its shared key, for that site alone. */
const ownKey = (key: string, siteDir: string) => `${siteDir}\0${key}`;

/** The bundle of another site (or of this one, when it holds the site's own files) under `key`, if nothing it read has changed. */
export function takeShared<R, S>(key: string | undefined, siteDir: string | undefined, unchanged: (inputs: Map<string, string>) => boolean): SharedBundle<R, S> | undefined {
  if (key === undefined) return undefined;
  for (const k of siteDir === undefined ? [key] : [key, ownKey(key, siteDir)]) {
    const found = bundles.get(k);
    if (!found || !unchanged(found.inputs)) continue;
    // Most recently used last.
    bundles.delete(k);
    bundles.set(k, found);
    sharedStats.reused++;
    return found as SharedBundle<R, S>;
  }
  return undefined;
}

/** Keeps a fresh bundle for the next site, or for the next build of this site when it holds the site's own files. */
export function keepShared<S>(key: string | undefined, siteDir: string, bundle: SharedBundle<esbuild.BuildResult & { outputFiles: esbuild.OutputFile[] }, S>): void {
  if (key === undefined || !bundle.inputs.size) return;
  for (const stamp of bundle.inputs.values()) if (stamp === 'recent') return;
  // The asset plugin's files (siteAssets) come from the site's folders.
  if (((bundle.result as { siteAssets?: unknown[] }).siteAssets ?? []).length) return;
  const inside = siteDir.endsWith('/') ? siteDir : `${siteDir}/`;
  const own = [...bundle.inputs.keys()].some((file) => file.startsWith(inside)) || bundle.result.outputFiles.some((f) => f.text.includes(siteDir));
  if (own) key = ownKey(key, siteDir);
  bundles.delete(key);
  bundles.set(key, bundle);
  made.set(bundle.result, new Map());
  while (bundles.size > KEEP) bundles.delete(bundles.keys().next().value!);
}

/**
 * `make`'s value of a bundle's output, made once for a shared bundle (it depends on nothing but the
 * output and the options of the shared key: runEsbuild.ts derived), and made each time for another.
 */
export function madeOnce<T>(result: object, purpose: string, make: () => Promise<T>): Promise<T> {
  const values = made.get(result);
  if (!values) return make();
  let value = values.get(purpose) as Promise<T> | undefined;
  if (!value) {
    value = make();
    values.set(purpose, value);
    // A value that failed is made again by the next site (which then reports its own error).
    value.catch(() => values.delete(purpose));
  }
  return value;
}

/** Forgets every shared bundle (a test's build from nothing). */
export function clearSharedBundles(): void {
  bundles.clear();
}
