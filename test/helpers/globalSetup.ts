import fs from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { BROWSER_ARGS, CHROMIUM, featuresDropped } from './browser.js';

// Runs once per test run, before any test file (vitest.config.ts, `globalSetup`): starts one Chromium
// that every browser test file connects to (test/helpers/browser.ts, launchBrowser) instead of starting
// its own (one Chromium and its helper processes for the run, not one per file). Each file gets its own
// connection, and its pages their own browser contexts, so files share no cookies, storage or cache.
// The shared builds need nothing here: test/helpers/sharedBuild.ts builds each one once per run (and
// keeps it between runs) whichever worker asks first.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's endpoint (playwright's `connect`); empty when none could start. */
    chromiumEndpoint: string;
  }
}

/** Vitest runs the global set-up once for the root config and once for each project that inherits it
 *  (vitest.config.ts): all in its main process, so they share one Chromium through this. */
interface Shared {
  server: Promise<BrowserServer>;
  users: number;
}
const KEY = Symbol.for('sitegen.test.chromium');
const holder = globalThis as { [KEY]?: Shared };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Without Chromium the unit and integration tests still run; a browser test then fails in launchBrowser.
  if (!fs.existsSync(CHROMIUM)) {
    project.provide('chromiumEndpoint', '');
    return async () => undefined;
  }
  const shared = (holder[KEY] ??= { server: launch(), users: 0 });
  shared.users++;
  project.provide('chromiumEndpoint', (await shared.server).wsEndpoint());
  return async () => {
    if (--shared.users > 0) return;
    delete holder[KEY];
    await (await shared.server).close();
  };
}

/** The run's Chromium; one that would run with a feature playwright turns off turned on fails the run. */
async function launch(): Promise<BrowserServer> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  const dropped = featuresDropped(server.process().spawnargs);
  if (dropped.length > 0) {
    await server.close();
    throw new Error(`test/helpers/browser.ts: playwright turns off ${dropped.join(', ')} with its own --disable-features, which BROWSER_ARGS's replaces: add them to PLAYWRIGHT_FEATURES_OFF.`);
  }
  return server;
}
