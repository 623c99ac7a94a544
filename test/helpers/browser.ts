import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page, type ConsoleMessage } from 'playwright-core';
import { createStaticHandler } from '../../src/builder/serve/staticServer.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export interface TestServer {
  url: string;
  close(): Promise<void>;
  /** Requests seen, for asserting what was (not) fetched. */
  requests: string[];
  /** Hook to delay or fail chosen requests: return a status to fail, or wait before answering. */
  intercept?: (path: string) => Promise<number | void> | number | void;
}

export async function serveDir(root: string, options: { baseUrl?: string; localePrefixes?: string[] } = {}): Promise<TestServer> {
  const handler = createStaticHandler({ root, baseUrl: options.baseUrl ?? '/', localePrefixes: options.localePrefixes ?? ['/zh-Hans/'] });
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

/** Collects console errors, warnings about hydration and page errors of a page. */
export function watchConsole(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || /hydrat/i.test(msg.text())) errors.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { errors };
}

/** Hosts of the analytics services a site may turn on (its config's `analytics`). */
export const ANALYTICS_HOSTS = /^https:\/\/(www\.googletagmanager\.com|static\.hotjar\.com|hm\.baidu\.com)\//;

/** Blocks every request that is not to the test server: the suite never talks to an outside host.
 *  Analytics scripts are answered with an empty script (a site that configures them asks for them on
 *  every page); any other outside request is refused and returned. */
export async function localOnly(page: Page, origin: string): Promise<string[]> {
  const blocked: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
    if (ANALYTICS_HOSTS.test(url)) return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    blocked.push(url);
    return route.abort();
  });
  return blocked;
}
