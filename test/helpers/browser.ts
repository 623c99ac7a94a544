import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page, type ConsoleMessage } from 'playwright-core';
import { inject } from 'vitest';
import { createStaticHandler } from '../../src/server/serve/staticServer.js';
import { CHROMIUM_FLAGS, UNSHOWN_PAGE_FEATURES } from '../../src/builder/diagrams/chromiumFlags.js';
import { sharedBuildsDir } from './paths.js';
import { countLoads } from './pageLoads.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The features playwright-core turns off itself (its chromiumSwitches.ts, 1.65.1). Chromium reads only
 *  the last `--disable-features`, and ours comes after playwright's: it names them again, or they would be
 *  on. `featuresDropped` (checked at the run's launch, globalSetup.ts) finds one a newer playwright adds. */
const PLAYWRIGHT_FEATURES_OFF = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** Chromium's flags for the tests. It resolves no host name but the loopback's (`--host-resolver-rules`):
 *  a page cannot reach an outside host over plain http even if a test forgets to answer it (see answerOutside).
 *  No omnibox popup page per window (UNSHOWN_PAGE_FEATURES: about a second of CPU less per new page).
 *  The display compositor runs in the browser process (`--in-process-gpu`), not in a GPU process of its
 *  own: with no GPU (`--disable-gpu`) that process only composites in software, and each frame crossed
 *  a process more. The pages, their frames and their pixels are the same (screenshots too). Five Shifu
 *  pages loaded three times (the CPU of Chromium's processes, alternating, 15:56-16:07 UTC): 14.7, 11.4,
 *  11.7, 11.5 s with a GPU process, 9.8, 9.4, 10.0, 10.1 s without. Flags measured and left out
 *  (`--disable-threaded-compositing` stops all drawing): test/README.md. */
export const BROWSER_ARGS = [
  ...CHROMIUM_FLAGS,
  '--in-process-gpu',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  `--disable-features=${[...PLAYWRIGHT_FEATURES_OFF, ...UNSHOWN_PAGE_FEATURES].join(',')}`,
];

/** The features a Chromium started with `args` was asked to turn off in an earlier `--disable-features`
 *  but not in the last one, the one it reads (empty when none is lost). */
export function featuresDropped(args: readonly string[]): string[] {
  const lists = args.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));
  const read = new Set(lists.at(-1));
  return [...new Set(lists.slice(0, -1).flat())].filter((f) => f && !read.has(f));
}

/**
 * A Chromium for a test file: a connection to the run's shared Chromium (test/helpers/globalSetup.ts),
 * or, when the file runs without it (a run without the config's global set-up), a Chromium of its own.
 * Closing it closes the file's connection and its contexts, never the shared Chromium.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = sharedEndpoint();
  return countLoads(endpoint ? await chromium.connect(endpoint) : await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS }));
}

/** The run's shared Chromium; none outside vitest (the bench scripts), where `inject` throws. */
function sharedEndpoint(): string | undefined {
  try {
    return inject('chromiumEndpoint');
  } catch {
    return undefined;
  }
}

export interface TestServer {
  url: string;
  close(): Promise<void>;
  /** Requests seen, for asserting what was (not) fetched. */
  requests: string[];
  /** Hook to delay or fail chosen requests: return a status to fail, or wait before answering. */
  intercept?: (path: string) => Promise<number | void> | number | void;
}

type Handler = ReturnType<typeof createStaticHandler>;

/** The static handlers of the run's shared builds, one per folder and options for the process. A handler
 *  keeps the files it served, each compressed with gzip and brotli, and the browser test files of a worker
 *  process serve the same shared builds one after another: a handler of its own each compressed every
 *  file it served again (six Shifu pages, search included, about 100 requests: 4.2 s of the serving
 *  process's CPU with a new handler, 0.3-0.4 s with one that had served them, 11:16 UTC, when brotli ran
 *  at quality 9: staticServer.ts has the levels now, a few percent of that cost). Only for the shared builds: read-only, so what a handler kept stays
 *  true (it checks each file's size and time anyway); a test's own folder gets a handler of its own. */
const sharedHandlers = new Map<string, Handler>();

/** The static handler serving `root` (as serveDir does): the worker's one for a shared build, for a test
 *  file that puts it behind a server of its own (marketing.test.ts: the form receiver on the same origin). */
export function handlerFor(root: string, baseUrl = '/', localePrefixes = ['/zh-Hans/']): Handler {
  const make = () => createStaticHandler({ root, baseUrl, localePrefixes });
  if (!path.resolve(root).startsWith(sharedBuildsDir + path.sep)) return make();
  const key = JSON.stringify([path.resolve(root), baseUrl, localePrefixes]);
  let handler = sharedHandlers.get(key);
  if (!handler) sharedHandlers.set(key, (handler = make()));
  return handler;
}

export async function serveDir(root: string, options: { baseUrl?: string; localePrefixes?: string[] } = {}): Promise<TestServer> {
  const handler = handlerFor(root, options.baseUrl ?? '/', options.localePrefixes ?? ['/zh-Hans/']);
  const state: TestServer = { url: '', requests: [], close: async () => undefined };
  const server = http.createServer(async (req, res) => {
    state.requests.push(req.url ?? '');
    const status = await state.intercept?.(decodeURIComponent((req.url ?? '').split('?')[0]));
    if (typeof status === 'number') {
      res.writeHead(status);
      res.end();
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((r) => server.close(() => r()));
  return state;
}

/** The test servers' origins: plain http on the loopback (serveDir, startServe). */
const LOOPBACK = String.raw`http://(127\.0\.0\.1|localhost)(:\d+)?`;

/** Chromium's own request for an origin's /favicon.ico, made when a page names no icon: not the page's. */
const FAVICON_PROBE = new RegExp(`^${LOOPBACK}/favicon\\.ico$`);

/** Collects console errors, warnings about hydration and page errors of a page (each also given to `onError`). */
export function watchConsole(page: Page, onError?: (error: string) => void): { errors: string[] } {
  const errors: string[] = [];
  const add = (error: string) => {
    errors.push(error);
    onError?.(error);
  };
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' && FAVICON_PROBE.test(msg.location().url)) return;
    if (msg.type() === 'error' || /hydrat/i.test(msg.text())) add(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (e) => add(`pageerror: ${e.message}`));
  return { errors };
}

/** Hosts of the analytics services a site may turn on (its config's `analytics`). */
export const ANALYTICS_HOSTS = /^https:\/\/(www\.googletagmanager\.com|static\.hotjar\.com|hm\.baidu\.com)\//;

/** Whether a url is a test server's (loopback) or inline. */
const LOCAL = new RegExp(`^(data:|blob:|${LOOPBACK}/)`);

/**
 * Answers the page's requests to outside hosts without sending them: `answer` says, for each one, whether
 * it gets an empty script (an analytics vendor's, say) or is refused. Requests to the test servers (plain
 * http on the loopback) go as they are, never paused: Playwright's `page.route` pauses every request of
 * the page on its way out, which cost about 80 ms per page load on the Shifu site (12 loads: 6.8 s with
 * it, 5.9 s with this). Here Chromium pauses only https requests (CDP's Fetch domain with that pattern);
 * an http request to another host fails in the browser, which resolves no outside name (launchBrowser),
 * and is passed to `answer` too (it is refused whatever the answer).
 */
export async function answerOutside(page: Page, answer: (url: string) => 'script' | 'refuse'): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', (event: { requestId: string; request: { url: string } }) => {
    const reply =
      answer(event.request.url) === 'script'
        ? cdp.send('Fetch.fulfillRequest', { requestId: event.requestId, responseCode: 200, responseHeaders: [{ name: 'Content-Type', value: 'text/javascript' }], body: '' })
        : cdp.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'Failed' });
    // The page may close while a request waits.
    reply.catch(() => undefined);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!LOCAL.test(url) && !url.startsWith('https://')) answer(url);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: 'https://*' }] });
}

/** Answers every outside request with an empty script; returns their urls (vendor scripts a page asks for). */
export async function stubOutside(page: Page): Promise<string[]> {
  const external: string[] = [];
  await answerOutside(page, (url) => {
    external.push(url);
    return 'script';
  });
  return external;
}

/** The suite never talks to an outside host: analytics scripts are answered with an empty script (a
 *  site that configures them asks for them on every page); any other outside request is refused and
 *  returned. Requests to the loopback go as they are. */
export async function localOnly(page: Page): Promise<string[]> {
  const blocked: string[] = [];
  await answerOutside(page, (url) => {
    if (ANALYTICS_HOSTS.test(url)) return 'script';
    blocked.push(url);
    return 'refuse';
  });
  return blocked;
}

/** An element's computed style property. */
export const computedStyle = (page: Page, selector: string, property: string) => page.$eval(selector, (el, p) => getComputedStyle(el).getPropertyValue(p), property);
