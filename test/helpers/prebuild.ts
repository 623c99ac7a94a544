import path from 'node:path';
import { sharedBuild, shifuConfig } from './sharedBuild.js';
import { corpusConfig, repoRoot } from './paths.js';

// The shared builds of the browser tests (test/helpers/sharedBuild.ts), made ahead of them in a node of
// their own: `npm test` (test/run.js) starts this while prettier checks the formatting on one core, so
// that the test files find their site built (or being built: sharedBuild's lock makes them wait for it)
// instead of building it in a worker. The same build, lock and cache as a test file's: a file that asks
// for a site not built yet builds it itself. In the order the longest browser files start
// (test/helpers/sequencer.ts). Run by itself: `node --import tsx test/helpers/prebuild.ts`.

const fixture = (name: string) => path.join(repoRoot, 'test/fixtures', name);

const prebuilt = [
  shifuConfig,
  corpusConfig,
  fixture('runtime-site/site.config.ts'),
  fixture('runtime-site/plain.config.ts'),
  fixture('mdx-site/site.config.ts'),
  fixture('versioned-site/site.config.ts'),
  fixture('versioned-site/visit-only.config.ts'),
  fixture('mermaid-site/site.config.ts'),
  fixture('site-code/site.config.ts'),
  fixture('infima-site/site.config.ts'),
];

for (const configFile of prebuilt) await sharedBuild(configFile);
