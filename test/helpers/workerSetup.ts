import { afterAll } from 'vitest';
import { closeKeptBrowsers, keepBrowsers } from '../../src/builder/diagrams/kept.js';

// Run in each test worker before each of its files (vitest.config.ts, `setupFiles`). The builds of a
// test file that draw diagrams share their drawing browsers (src/builder/diagrams/kept.ts): one started
// per mermaid config and file, not one per build (13 in a run's workers, about 3 s of CPU each). They
// end with the file, as a build's own would: vitest ends its workers with SIGTERM, on which node runs
// no 'exit' hook, and a browser kept until then would leave its folder behind.
keepBrowsers();
afterAll(closeKeptBrowsers);
