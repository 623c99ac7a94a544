import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, serveDir, type TestServer } from './browser.js';
import { repoRoot, sharedBuildsDir as cacheRoot } from './paths.js';
import { processAlive } from '../../src/builder/processAlive.js';

// One build of a site per test run, shared by the test files that only read it (the browser tests, and
// the integration tests of a site's built files).
//
//   const built = await sharedBuild(shifuConfig);   // { outDir, routes, locales, warnings }
//   server = await serveDir(built.outDir);          // serve it; never write into it
//   readBuilt(built, 'index.html');                 // or read its files
//
// The output is cached on disk under node_modules/.cache/sitegen-test-builds/, keyed by a hash of
// everything the build reads (src/, content/, i18n/, static/, the lock file, the config's folder and
// its siteDir): the first file that asks builds it (the others, in this or another worker, wait for it),
// and an edit to any of those files makes the next run build again. A fresh clone starts clean.
// A test that needs a special build (other options, a changed config, a dev build) builds its own.

/** The repository's own site (the Shifu website). */
export const shifuConfig = path.join(repoRoot, 'site.config.ts');

/** What a test may need of the build besides its files: each rendered route, in build order. */
export interface BuiltRoute {
  path: string;
  locale: string;
  /** The route's type ('doc', 'blog', 'page', 'notFound'...). */
  type: string;
  /** The page's content kind ('doc', 'blogPost', 'page'...). */
  kind: string;
  /** Left out of lists and search (front matter `unlisted`). */
  unlisted: boolean;
}

/** A locale of the build and the url of its search pointer (`<locale>.current.json`), if it has search. */
export interface BuiltLocale {
  locale: string;
  searchIndexUrl?: string;
}

export interface SharedBuild {
  /** The built site: read-only, shared with other test files. */
  outDir: string;
  routes: BuiltRoute[];
  locales: BuiltLocale[];
  /** The build's warnings (file, line, message), as a test of the site's own build reads them. */
  warnings: { file?: string; line?: number; message: string }[];
}

/** Bump to throw away every cached build (when what this helper writes changes). */
const FORMAT = 2;
const skipped = new Set(['node_modules', '.git', '.sitegen', 'build']);
const inProcess = new Map<string, Promise<SharedBuild>>();

/** A file of a build (its path in the output), or undefined when the build has none. */
export function readBuilt(built: { outDir: string }, file: string): string | undefined {
  const p = path.join(built.outDir, file);
  return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : undefined;
}

export function sharedBuild(configFile: string): Promise<SharedBuild> {
  const file = path.resolve(configFile);
  let pending = inProcess.get(file);
  if (!pending) {
    pending = buildOnce(file);
    inProcess.set(file, pending);
  }
  return pending;
}

/** The files the build of `configFile` reads, as the hash that names its cached output. */
function inputsHash(configFile: string): string {
  const configDir = path.dirname(configFile);
  const roots = ['src', 'content', 'i18n', 'static', 'package.json', 'package-lock.json', 'site.config.ts'].map((p) => path.join(repoRoot, p));
  if (configDir !== repoRoot) roots.push(configDir);
  // A fixture that points at content elsewhere (the corpus): `siteDir: '<path>'` in its config.
  const siteDir = /\bsiteDir:\s*['"]([^'"]+)['"]/.exec(fs.readFileSync(configFile, 'utf8'))?.[1];
  if (siteDir) roots.push(path.resolve(configDir, siteDir));
  const hash = crypto.createHash('sha256').update(`${FORMAT}\0${configFile}\0`);
  const visit = (p: string): void => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) if (!skipped.has(name)) visit(path.join(p, name));
    } else if (stat.isFile() && !/^\.sitegen-config-.*\.mjs$/.test(path.basename(p))) {
      hash.update(`${p}\0${stat.size}\0`).update(fs.readFileSync(p));
    }
  };
  for (const root of roots) visit(root);
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A lock whose owner died (or that never got its owner's pid) is left over. */
function stale(lock: string): boolean {
  try {
    return !processAlive(Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8')));
  } catch {
    const stat = fs.statSync(lock, { throwIfNoEntry: false });
    return stat ? Date.now() - stat.mtimeMs > 30_000 : false;
  }
}

async function buildOnce(configFile: string): Promise<SharedBuild> {
  const name = path.relative(repoRoot, configFile).replace(/[^a-zA-Z0-9.]+/g, '-');
  const dir = path.join(cacheRoot, `${name}-${inputsHash(configFile)}`);
  const lock = `${dir}.lock`;
  const read = (): SharedBuild => ({ outDir: path.join(dir, 'build'), ...(JSON.parse(fs.readFileSync(path.join(dir, 'routes.json'), 'utf8')) as Omit<SharedBuild, 'outDir'>) });
  fs.mkdirSync(cacheRoot, { recursive: true });
  const started = Date.now();
  for (;;) {
    if (fs.existsSync(path.join(dir, 'routes.json'))) return read();
    try {
      fs.mkdirSync(lock);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // Another test file is building it: wait for its output (or take over if it died).
      if (stale(lock)) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() - started > 600_000) throw new Error(`sharedBuild: waited 10 minutes for ${lock}: remove it if no test run is using it, then run the tests again.`);
      await sleep(250);
      continue;
    }
    try {
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      const tmp = path.join(lock, 'out');
      // Loaded only to build: a file that finds the build cached does not pay for importing the builder.
      const { build } = await import('../../src/builder/build.js');
      const result = await build({ configFile, outDir: path.join(tmp, 'build') });
      const routes: BuiltRoute[] = result.rendered.map(({ route, page }) => ({ path: route.path, locale: page.locale, type: route.type, kind: page.content.kind, unlisted: Boolean(route.unlisted) }));
      const locales: BuiltLocale[] = result.site.locales.map((l) => ({ locale: l.info.locale, searchIndexUrl: l.chrome.search?.indexUrl }));
      const warnings = result.warnings.map(({ file, line, message }) => ({ file, line, message }));
      fs.writeFileSync(path.join(tmp, 'routes.json'), JSON.stringify({ routes, locales, warnings }));
      fs.renameSync(tmp, dir);
      prune(name, dir);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** How long a build from earlier sources is kept: a test file of a run still going may be reading it. A
 *  run of the browser files (07:37-08:23 UTC) whose sources were edited while it ran lost two: a file of
 *  the other worker asked for the site after the edit, built it again and removed the build the first
 *  worker's files were serving (hydration: "ENOENT ... sitegen-test-builds/...-shifu.dev-...-<hash>/build";
 *  serve-csp: "Nothing to serve"). No run lasts 6 hours; a set of the shared builds takes about 50 MB. */
const KEEP_EARLIER_MS = 6 * 60 * 60 * 1000;

/** Builds of the same config from earlier sources, made more than KEEP_EARLIER_MS ago: never read again. */
function prune(name: string, keep: string): void {
  for (const entry of fs.readdirSync(cacheRoot)) {
    const p = path.join(cacheRoot, entry);
    if (p === keep || !/^[0-9a-f]{16}$/.test(entry.slice(name.length + 1)) || !entry.startsWith(`${name}-`)) continue;
    const made = fs.statSync(path.join(p, 'routes.json'), { throwIfNoEntry: false }) ?? fs.statSync(p, { throwIfNoEntry: false });
    if (made && Date.now() - made.mtimeMs > KEEP_EARLIER_MS) fs.rmSync(p, { recursive: true, force: true });
  }
}

export interface SharedSite extends SharedBuild {
  browser: Browser;
  server: TestServer;
  close(): Promise<void>;
}

/** The shared build of `configFile` served on loopback, with a Chromium of this test file (or `browser`). */
export async function startSharedSite(configFile: string, options: { browser?: Browser } = {}): Promise<SharedSite> {
  const built = await sharedBuild(configFile);
  const server = await serveDir(built.outDir);
  const browser = options.browser ?? (await launchBrowser());
  return {
    ...built,
    browser,
    server,
    close: async () => {
      if (!options.browser) await browser.close();
      await server.close();
    },
  };
}
