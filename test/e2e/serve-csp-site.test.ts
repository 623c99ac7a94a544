import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { build } from '../../src/builder/build.js';
import { startServe } from '../../src/cli/serve.js';
import { launchBrowser, stubOutside } from '../helpers/browser.js';
import { repoRoot } from '../helpers/paths.js';

// `sitegen serve` lets a site reach what its own code and CSS name (fixture test/fixtures/serve-csp-site):
// the policy allows the Google Fonts stylesheet its CSS @imports (and its font host) and the
// calendar script of its headTags; the API its page fetches is blocked, and the browser's report
// makes serve print the directive and source to add to `serve.csp`; with them added, nothing is
// blocked. Outside hosts are answered by the test (stubOutside), never reached.

const fixture = path.join(repoRoot, 'test/fixtures/serve-csp-site');
let browser: Browser;
let temp: string;
let outDir: string;
const servers: http.Server[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-csp-site-'));
  outDir = path.join(temp, 'build');
  await build({ configFile: path.join(fixture, 'site.config.ts'), outDir });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  fs.rmSync(temp, { recursive: true, force: true });
});

async function serveAndOpen(config: string): Promise<{ logged: string[]; violations: string[]; policy: string }> {
  const logged: string[] = [];
  const server = await startServe({ dir: outDir, port: '0', host: '127.0.0.1', config: path.join(fixture, config), log: (line) => logged.push(line) });
  servers.push(server);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  await stubOutside(page);
  const response = await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  // The page's fetch has settled (blocked, or answered by the stub without CORS: failed either way).
  await page.waitForFunction(() => document.querySelector('.status')?.getAttribute('data-state') !== 'waiting', undefined, { timeout: 10_000 });
  const violations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  const policy = response!.headers()['content-security-policy'];
  await context.close();
  return { logged, violations, policy };
}

describe('sitegen serve: the policy of a site that reaches other hosts', () => {
  it('allows what its CSS and headTags name; a blocked fetch is printed with the directive to extend', async () => {
    const { logged, violations, policy } = await serveAndOpen('site.config.ts');
    expect(policy).toMatch(/style-src [^;]*https:\/\/fonts\.googleapis\.com/);
    expect(policy).toMatch(/font-src [^;]*https:\/\/fonts\.gstatic\.com/);
    expect(policy).toMatch(/script-src [^;]*https:\/\/cdn\.calendar\.example/);
    expect(violations).toEqual(['connect-src https://api.status.example/v1/status']);
    await expect
      .poll(() => logged, { timeout: 10_000 })
      .toEqual([
        "Content-Security-Policy blocked https://api.status.example/v1/status (connect-src) on /: to allow it, add to the site config serve: { csp: { 'connect-src': ['https://api.status.example'] } }",
      ]);
  });

  it('with serve.csp extended as it says, nothing is blocked', async () => {
    const { logged, violations, policy } = await serveAndOpen('site.allowed.config.ts');
    expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.status\.example/);
    expect(violations).toEqual([]);
    expect(logged).toEqual([]);
  });
});
