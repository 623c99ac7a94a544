import type { Browser, BrowserContext, BrowserContextOptions, Page, Response } from 'playwright-core';
import { answerOutside, ANALYTICS_HOSTS, watchConsole } from './browser.js';

// Tabs that a browser test file's tests hand on to each other, instead of a new tab (or context) per
// test. Measured on the Shifu site (Chromium's processes' CPU): a new tab costs about 0.25 s before it
// loads anything (a renderer process starts), and its first page load about 0.7 s, where a load in a
// tab that had loaded the site before costs about 0.25 s. A new context alone costs next to nothing.
//
//   const tabs = new Tabs(browser);                    // one context for the file
//   const tab = await tabs.open(url, { width: 390 });  // a free tab (or a new one), at that size, at url
//   ... tab.page, tab.errors (console errors of this visit), tab.blocked (outside requests refused)
//   await tab.release();                               // back to the pool, for the next test
//   await tabs.close();                                // in afterAll
//
// Each visit starts as a first visit of the site: a released tab's local and session storage and the
// context's cookies are cleared and the pointer leaves the window. A test that does not release its tab
// (it failed, or it needs the page for longer) keeps it; the next open takes another tab. An init script
// of one visit (`open(url, viewport, { init })`: a navigator property, a stored choice) runs at each load
// of that visit and is removed when the tab is released, so the tab goes on to the next test as any
// other (a new tab instead cost Chromium about 0.6 s of CPU more than a load in a tab of the pool, a new
// context 0.1 s more: 1.1-1.2 s and 0.55 s per load of a docs page, 02:51 UTC). A test that changes a
// tab for good (a route handler, a fake clock) uses a page of its own.
// An init script that every test of a file wants goes on the pool's context (contextOf().addInitScript)
// before the first open: it then runs at each load of each tab, as on a page of its own.
// The tabs share the context's HTTP cache: a check that watches a file arrive (a search index, a chunk)
// asks for `coldCache`, and each of its visits then fetches every file again, as a first visit does.
// A check that something was never asked for asks for `logRequests`: each visit's `requests` lists the
// urls the page asked for, as Chromium started them (playwright sends a page's request events only to
// a client that listens, so the other pools pay nothing for it).

export interface Tab {
  page: Page;
  /** The response to this visit's first load (its headers: a serve test reads the security policy). */
  response: Response | null;
  /** Console errors, hydration warnings and page errors since this visit began (watchConsole). */
  errors: string[];
  /** Console warnings since this visit began. */
  warnings: string[];
  /** Requests to outside hosts the page made since this visit began: refused, analytics answered with an
   *  empty script and not listed (as localOnly); or, with the pool's `stubOutside`, all answered with an
   *  empty script and listed (as stubOutside). */
  blocked: string[];
  /** With the pool's `logRequests`: the urls the page asked for since this visit began, in the order
   *  Chromium started the requests. A request started before a `page.evaluate` resolved is listed by the
   *  time its result arrives (the renderer sends its notifications before a command's answer). */
  requests: string[];
  /** Returns the tab to the pool, storage and cookies cleared; a tab that cannot be reset is closed. */
  release(): Promise<void>;
}

interface Entry {
  page: Page;
  /** The init script of the current visit, removed when the tab is released. */
  init?: { dispose(): Promise<void> };
  /** Where this visit's console errors and refused requests go (replaced at each visit). */
  errors: string[];
  warnings: string[];
  blocked: string[];
  requests: string[];
}

export class Tabs {
  private context: Promise<BrowserContext> | undefined;
  private readonly free: Entry[] = [];

  constructor(
    private readonly browser: Browser,
    private readonly options: BrowserContextOptions & { coldCache?: boolean; stubOutside?: boolean; logRequests?: boolean } = {},
  ) {}

  /** The context the tabs live in (created on first use), for what a test sets on it. */
  contextOf(): Promise<BrowserContext> {
    const { coldCache: _cold, stubOutside: _stub, logRequests: _log, ...options } = this.options;
    return (this.context ??= this.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options }));
  }

  /** A tab at `url` once the app hydrated (`hydrated: false`: once loaded; `waitUntil` as page.goto's), at
   *  `viewport` (1280×800 by default); `init` runs before the page's own scripts at each load of this
   *  visit (page.addInitScript), until the tab is released. */
  async open(url: string, viewport: { width?: number; height?: number } = {}, options: { hydrated?: boolean; waitUntil?: 'load' | 'networkidle'; init?: () => void } = {}): Promise<Tab> {
    const entry = this.free.pop() ?? (await this.newEntry());
    entry.errors = [];
    entry.warnings = [];
    entry.blocked = [];
    entry.requests = [];
    const { page } = entry;
    const size = { width: viewport.width ?? 1280, height: viewport.height ?? 800 };
    const current = page.viewportSize();
    if (current?.width !== size.width || current.height !== size.height) await page.setViewportSize(size);
    if (options.init) entry.init = await page.addInitScript(options.init);
    const response = await page.goto(url, { waitUntil: options.waitUntil });
    if (options.hydrated !== false) await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    return {
      page,
      response,
      errors: entry.errors,
      warnings: entry.warnings,
      blocked: entry.blocked,
      requests: entry.requests,
      release: () => this.release(entry),
    };
  }

  async close(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    this.free.length = 0;
    if (context) await (await context).close();
  }

  private async newEntry(): Promise<Entry> {
    const context = await this.contextOf();
    const page = await context.newPage();
    const entry: Entry = { page, errors: [], warnings: [], blocked: [], requests: [] };
    // Each visit reads the errors that arrived since it began.
    watchConsole(page, (error) => entry.errors.push(error));
    page.on('console', (message) => void (message.type() === 'warning' && entry.warnings.push(message.text())));
    if (this.options.logRequests) page.on('request', (request) => void entry.requests.push(request.url()));
    const stub = this.options.stubOutside;
    await answerOutside(page, (url) => {
      if (!stub && ANALYTICS_HOSTS.test(url)) return 'script';
      entry.blocked.push(url);
      return stub ? 'script' : 'refuse';
    });
    if (this.options.coldCache) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    }
    return entry;
  }

  private async release(entry: Entry): Promise<void> {
    const { page } = entry;
    try {
      // Removed first: the next visit's loads run without it, whatever happens below.
      await entry.init?.dispose();
      entry.init = undefined;
      await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
      await page.context().clearCookies();
      await page.mouse.move(-1, -1);
      this.free.push(entry);
    } catch {
      await page.close().catch(() => undefined);
    }
  }
}
