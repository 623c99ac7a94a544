// Long work on this thread in slices: between slices, the event loop runs what waits for it.
//
// A small site is parsed and rendered on the build's own thread (executor.ts) while esbuild bundles
// in its own process. esbuild asks this thread for every import a plugin of ours resolves or loads
// (the server bundle's packages, the site's stylesheets and images), and a thread busy for two
// seconds answers none of them: a cold build of the Shifu site then waited 1.0-1.2 s after
// rendering for bundles whose own work is under a second. Answered between slices of about 10 ms,
// the bundles are done while the markdown is still being parsed.

/** How long a slice runs before the event loop gets a turn, in ms. */
const SLICE_MS = 10;

/** `items.map(fn)`, letting the event loop run every SLICE_MS or so. */
export async function mapYielding<T, R>(items: readonly T[], fn: (item: T) => R): Promise<R[]> {
  const results: R[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    results.push(fn(item));
    if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  return results;
}
