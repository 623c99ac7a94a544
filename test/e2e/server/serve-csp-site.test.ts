import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { build } from '../../../src/builder/build.js';
import { startServe } from '../../../src/cli/serve.js';
import { initFromDocusaurus } from '../../../src/tools/init/initFromDocusaurus.js';
import { launchBrowser } from '../../helpers/browser.js';
import { fixtureCopies } from '../../helpers/fixtureCopies.js';
import { repoRoot } from '../../helpers/paths.js';
import { Tabs } from '../../helpers/tabs.js';
import { recordViolations, violationsOf } from '../../helpers/cspViolations.js';

// `sitegen serve` lets a site reach what its own code and CSS name (fixture test/fixtures/serve-csp-site):
// the policy allows the Google Fonts stylesheet its CSS @imports (and its font host) and the
// calendar script of its headTags; the API its page fetches is blocked, and the browser's report
// makes serve print the directive and source to add to `serve.csp`; with them added, nothing is
// blocked. Outside hosts are answered by the test (stubOutside), never reached. Three ways: sitegen's
// config; the same site's docusaurus.config.js read as it stands (no site.config.ts), where the entry
// goes under `customFields.sitegen`; the config `init` writes from it.

const fixture = path.join(repoRoot, 'test/fixtures/serve-csp-site');
// Outside the repository: the repository's own @docusaurus/core is not found above the copies.
const copies = fixtureCopies('serve-csp-site');
let browser: Browser;
let temp: string;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts), outside hosts
 *  answered with an empty script, without HTTP cache (a visit reads what the policy refused it); every
 *  load records the policy's violations (an init script on the pool's context). */
let tabs: Tabs;
const servers: http.Server[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-csp-site-'));
  tabs = new Tabs(browser, { stubOutside: true, coldCache: true });
  await recordViolations(await tabs.contextOf());
}, 180_000);

afterAll(async () => {
  await tabs?.close();
  await browser?.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  fs.rmSync(temp, { recursive: true, force: true });
  copies.remove();
});

async function serveAndOpen(outDir: string, configFile: string): Promise<{ logged: string[]; violations: string[]; policy: string }> {
  const logged: string[] = [];
  const server = await startServe({ dir: outDir, port: '0', host: '127.0.0.1', config: configFile, log: (line) => logged.push(line) });
  servers.push(server);
  const { page, response, release } = await tabs.open(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {}, { hydrated: false });
  // The page's fetch has settled (blocked, or answered by the stub without CORS: failed either way).
  await page.waitForFunction(() => document.querySelector('.status')?.getAttribute('data-state') !== 'waiting', undefined, { timeout: 10_000 });
  const violations = await violationsOf(page);
  const policy = response!.headers()['content-security-policy'];
  await release();
  return { logged, violations, policy };
}

/** The entry serve prints for the blocked API, in sitegen's config or in a Docusaurus config. */
const ENTRY = "serve: { csp: { 'connect-src': ['https://api.status.example'] } }";

interface Way {
  name: string;
  /** The config serve reads, and what its message says to add where. */
  site: () => Promise<{ configFile: string; advice: string }>;
  /** The same site with the entry added as the message says; the config to build and serve. */
  allowed: () => Promise<string>;
}

/** A copy of the fixture as a Docusaurus site: no config of sitegen's. */
function docusaurusCopy(as: string): string {
  const dir = copies.copy(as);
  for (const f of ['site.config.ts', 'site.allowed.config.ts']) fs.rmSync(path.join(dir, f));
  return dir;
}

/** Adds the entry to a Docusaurus config where Docusaurus itself accepts it: customFields.sitegen. */
function allowInDocusaurusConfig(dir: string): void {
  const file = path.join(dir, 'docusaurus.config.js');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^ {2}baseUrl: '\/',$/m, `  baseUrl: '/',\n  customFields: { sitegen: { ${ENTRY} } },`));
}

const ways: Way[] = [
  {
    name: "sitegen's config",
    site: async () => ({ configFile: path.join(fixture, 'site.config.ts'), advice: `the site config ${ENTRY}` }),
    allowed: async () => path.join(fixture, 'site.allowed.config.ts'),
  },
  {
    name: 'a Docusaurus config read as it stands',
    site: async () => ({ configFile: path.join(docusaurusCopy('in-place'), 'site.config.ts'), advice: `docusaurus.config.js customFields: { sitegen: { ${ENTRY} } }` }),
    allowed: async () => {
      const dir = docusaurusCopy('in-place-allowed');
      allowInDocusaurusConfig(dir);
      return path.join(dir, 'site.config.ts');
    },
  },
  {
    name: 'the config init writes',
    site: async () => ({ configFile: (await initFromDocusaurus({ dir: docusaurusCopy('init') })).siteConfig, advice: `the site config ${ENTRY}` }),
    allowed: async () => {
      const dir = docusaurusCopy('init-allowed');
      allowInDocusaurusConfig(dir);
      return (await initFromDocusaurus({ dir })).siteConfig;
    },
  },
];

describe.each(ways)('sitegen serve: the policy of a site that reaches other hosts ($name)', (way) => {
  async function buildAndServe(configFile: string) {
    const outDir = fs.mkdtempSync(path.join(temp, 'build-'));
    await build({ configFile, outDir });
    return serveAndOpen(outDir, configFile);
  }

  it('allows what its CSS and headTags name; a blocked fetch is printed with the directive to extend', async () => {
    const { configFile, advice } = await way.site();
    const { logged, violations, policy } = await buildAndServe(configFile);
    expect(policy).toMatch(/style-src [^;]*https:\/\/fonts\.googleapis\.com/);
    expect(policy).toMatch(/font-src [^;]*https:\/\/fonts\.gstatic\.com/);
    expect(policy).toMatch(/script-src [^;]*https:\/\/cdn\.calendar\.example/);
    expect(violations).toEqual(['connect-src https://api.status.example/v1/status']);
    await expect.poll(() => logged, { timeout: 10_000 }).toEqual([`Content-Security-Policy blocked https://api.status.example/v1/status (connect-src) on /: to allow it, add to ${advice}`]);
  }, 180_000);

  it('with serve.csp extended as it says, nothing is blocked', async () => {
    const { logged, violations, policy } = await buildAndServe(await way.allowed());
    expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.status\.example/);
    expect(violations).toEqual([]);
    expect(logged).toEqual([]);
  }, 180_000);
});
