import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

// Counts a run's page loads (for measuring which test loads which page, not part of any assertion):
// with SITEGEN_TEST_PAGE_LOADS=<file>, each document load of a page of a browser from launchBrowser
// appends a line `{"file","test","url","newTab"}` to that file. A page load (a document, with its
// scripts, styles and layout) costs Chromium about half a second of CPU even in a tab that had loaded
// the site; a client-side navigation is not one and is not counted.
//
//   SITEGEN_TEST_PAGE_LOADS=/tmp/loads.jsonl npx vitest run test/e2e/theme/a11y.test.ts
//   node scripts/page-loads.mjs /tmp/loads.jsonl        # loads per file, per url and per test

const out = process.env.SITEGEN_TEST_PAGE_LOADS;

function testOf(): { file: string; test: string } {
  try {
    const state = expect.getState();
    return { file: (state.testPath ?? '').replace(/^.*?\/test\//, 'test/'), test: state.currentTestName ?? '(hook)' };
  } catch {
    return { file: '', test: '' };
  }
}

function watchPage(page: Page): void {
  let loads = 0;
  page.on('load', () => {
    const url = new URL(page.url());
    fs.appendFileSync(out!, `${JSON.stringify({ ...testOf(), url: url.pathname + url.search, newTab: loads++ === 0 })}\n`);
  });
}

function watchContext(context: BrowserContext): BrowserContext {
  context.on('page', watchPage);
  return context;
}

/** `browser`, its page loads counted when SITEGEN_TEST_PAGE_LOADS names a file (otherwise as it is). */
export function countLoads(browser: Browser): Browser {
  if (!out) return browser;
  // browser.newPage goes through newContext too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => watchContext(await newContext(...args));
  return browser;
}
