// Changes to npm packages' code as it goes into sitegen's own bundles (the CLI's, bin/cli-bundle.js,
// and the worker threads', src/builder/parallel/workerScript.ts): the same behaviour, cheaper under
// Node 20's V8. Each one matches the package's text exactly and leaves a file it does not match as it is.
import fs from 'node:fs';

/**
 * mdast-util-from-markdown 2.1 calls each token's handler with `this` made by `{...context,
 * sliceSerialize}`: V8 11 (Node 20), once that site is warm, gives every such object a map of its own
 * (a new Map and DescriptorArray in old space per handler call: 1 M calls took 1.08 s of CPU and grew
 * the old space by 32 MB, against 0.14 s and nothing with Object.assign, as the package's 2.0 wrote
 * it). The same object for the handlers (no context key is named sliceSerialize). A cold Shifu build
 * (bench/child.mjs, diagrams read back), 8 rounds alternating with and without, 22:21-22:23 UTC, load
 * 5-7: parse stage 1643 -> 1506 ms of CPU (median; less in each of the 8 pairs), the process 4074 ->
 * 3900 ms; the scavenges that copied what the spread's maps kept alive go with them.
 */
export const fromMarkdownThis = {
  name: 'from-markdown-this',
  setup(build) {
    build.onLoad({ filter: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const contents = source.replace(/\{\s*\.\.\.context,\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\s*\}/g, 'Object.assign({sliceSerialize: events[index][2].sliceSerialize}, context)');
      return contents === source ? undefined : { contents, loader: 'js' };
    });
  },
};

/** Every change, in the order the bundles apply them (bin/cli-bundle.js, the worker threads' bundles, bench/run.ts's floor as the build runs the packages). */
export const PACKAGE_PATCHES = [fromMarkdownThis];
