// Draws mermaid diagrams to SVG with mermaid itself, in a headless Chromium driven through the
// DevTools protocol (cdp.ts): mermaid lays text out with the browser's own measurements, so only a
// browser draws what readers would see. One browser and one page per batch; every diagram of the
// batch is drawn in that page.
//
// The browser is started with its page on the command line: it starts, opens the page and loads
// mermaid on its own, with no message from the build until the first drawing. What that page is,
// and the flags, were measured on the two-core build machine (CPU time of all the browser's
// processes, drawing the Shifu site's diagrams, 07:20-07:45 UTC under load): mermaid loaded by the page
// from its files, not sent through the protocol as text (as playwright's `addScriptTag` did, 4.0-4.3 s;
// evaluated through the protocol, 2.0-3.1 s; from the file, 1.4-1.7 s: the browser process no longer
// converts 3.5 MB of script as a message, and the page compiles it as it streams); no omnibox popup
// page and no spare renderer (`--disable-features` below: 1.3-1.9 s more, in two renderer processes a
// headless browser started for nothing). Debian's /usr/bin/chromium is a shell script that starts its
// binary (0.1 s of CPU, 0.5 s of wall time): the binary is started directly.
//
// mermaid is its ES module build (`mermaid.esm.min.mjs`), not the 3.5 MB IIFE: the page compiles and
// runs mermaid's core, and only the chunks of the diagram types it draws (imported as a diagram of the
// type comes), where the IIFE set up every type (the renderer's CPU, 0.2-0.3 s less). The network
// service runs in the browser process (`NetworkServiceInProcess2`): a process of its own is one more
// start of Chromium's binary (0.25 s of CPU) for a page that reads local files only. The rest of a
// browser's start (1.0-1.2 s of CPU in the browser process, for an empty page as for mermaid's, and
// 0.3 s in the two zygotes) is the binary's own start-up: perf shows the kernel's page faults and
// the dynamic loader's relocations, not work a flag turns off. Measured alternating (the Shifu
// site's 7 diagrams, CPU of all the browser's processes, medians of 4 and of 5, 23:32-23:52 UTC,
// load average 10-21 on 2 cores): IIFE and a network service process 4.0 and 4.2 s, these two 3.4
// and 3.2 s (ready and drawn, wall: 10.5 and 13.8 s, 8.4 and 9.2 s); the same SVGs, byte for byte.
// Playwright's default switches (`--disable-field-trial-config`, `--disable-hang-monitor`, ...) and
// the features it turns off: no less CPU (3.5-3.6 s against 3.2 s); the GPU in the browser process
// (`--in-process-gpu`): the browser process took what the GPU process did (4.3 s against 4.2 s);
// `--no-zygote`: each process started from the binary (5.4 s).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { FIX_SVG } from './fixups.js';
import { CdpPipe } from './cdp.js';
import type { DiagramResult, Drawer } from './types.js';
import { CHROMIUM_FLAGS, UNSHOWN_PAGE_FEATURES } from './chromiumFlags.js';
import { lendBrowser, type KeptBrowser } from './kept.js';

/** The browser to draw with: CHROMIUM_PATH, else Debian's. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Debian's launcher script, and the binary it starts. */
const DEBIAN_LAUNCHER = '/usr/bin/chromium';
const DEBIAN_BINARY = '/usr/lib/chromium/chromium';

/** What is started: `chromiumPath()`, but Debian's binary rather than its launcher script. */
function executable(): string {
  const exe = chromiumPath();
  if (exe !== DEBIAN_LAUNCHER) return exe;
  try {
    fs.accessSync(DEBIAN_BINARY, fs.constants.X_OK);
    return DEBIAN_BINARY;
  } catch {
    return exe;
  }
}

const require = createRequire(import.meta.url);

/** mermaid's browser build (an IIFE that defines `window.mermaid`): served to the readers' browsers when no browser can draw here. */
export function mermaidScriptFile(): string {
  return require.resolve('mermaid/dist/mermaid.min.js');
}

/** mermaid's ES module build, the one drawn with here: its core, which imports each diagram type's chunk (`dist/chunks/`) when one is drawn. */
function mermaidModuleFile(): string {
  return require.resolve('mermaid/dist/mermaid.esm.min.mjs');
}

export function mermaidVersion(): string {
  return (JSON.parse(fs.readFileSync(require.resolve('mermaid/package.json'), 'utf8')) as { version: string }).version;
}

/**
 * What draws a diagram, for the key of its drawing (key.ts drawingKey): mermaid's version and the
 * browser's, as the size and modification time of the binary started (a package keeps its files'
 * times, so one version has one identity on every machine; asking the browser its version would
 * start it). The browser measures the labels' text: a drawing kept from one version differed from a
 * new one's in the last digit of a coordinate (Chromium 150 and 156, 2026-12-07), so a cold build and
 * a build from the cache were not the same bytes.
 */
export function drawerVersion(): string {
  let browser = '-';
  try {
    const binary = fs.realpathSync(executable());
    const s = fs.statSync(binary);
    browser = `${binary}:${s.size}:${Math.trunc(s.mtimeMs)}`;
  } catch {
    // No browser here: nothing is drawn, and nothing drawn elsewhere is mistaken for this one's.
  }
  return `mermaid ${mermaidVersion()}; ${browser}`;
}

/** Why no browser can draw here (undefined when one can). */
export function rendererUnavailable(): string | undefined {
  const exe = chromiumPath();
  try {
    fs.accessSync(exe, fs.constants.X_OK);
    return undefined;
  } catch {
    return `no Chromium at ${exe} (set CHROMIUM_PATH to a Chromium or Chrome executable)`;
  }
}

/** The drawer's command line, before its profile folder and page (exported for the page's security test). */
export const DRAWER_ARGS = [
  '--headless',
  ...CHROMIUM_FLAGS,
  '--no-default-browser-check',
  '--disable-extensions',
  '--disable-breakpad',
  // A container's /dev/shm is often 64 MB, too small for Chromium.
  '--disable-dev-shm-usage',
  '--hide-scrollbars',
  '--mute-audio',
  '--force-color-profile=srgb',
  '--password-store=basic',
  '--use-mock-keychain',
  // Pages a headless browser starts for nothing: the omnibox's popup (a WebUI renderer) and a spare renderer.
  `--disable-features=${UNSHOWN_PAGE_FEATURES.join(',')}`,
  // No process of its own for the network service: the page reads local files only.
  '--enable-features=NetworkServiceInProcess2',
  // A module script is fetched in CORS mode, and a file:// page's origin is opaque: without this, the
  // page could not import mermaid's module from its file. The page's policy (drawingPage) keeps it from reading any other file.
  '--allow-file-access-from-files',
];

/**
 * The drawing page: `script` (a module: mermaid's import) in its head, under a Content-Security-Policy.
 * `--allow-file-access-from-files` (which the module
 * import needs) would let a script in the page read any local file and put it in a drawing, that is,
 * in the published site. A diagram's text is the site's content, and content never reads or publishes
 * files from outside the site. So the page may run its own inline script
 * (by its hash: no event-handler attribute, no other inline script) and scripts from files (mermaid's
 * chunks; CSP cannot name a file: path, only the scheme), and nothing else: no fetch or XHR, no
 * frame, image, font or stylesheet from a file (`default-src 'none'`); mermaid's own inline styles
 * stay. The drawing, evaluated through the DevTools protocol, runs under it unchanged (the same SVGs
 * for the 30 diagrams of the site, the corpus and the fixtures, 00:28 UTC);
 * test/integration/builder/diagrams/drawingPage.test.ts shows what it refuses.
 */
export function drawingPage(script: string): string {
  const hash = crypto.createHash('sha256').update(script).digest('base64');
  const policy = `default-src 'none'; script-src file: 'sha256-${hash}'; style-src 'unsafe-inline'`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"><script type="module">${script}</script></head><body></body></html>`;
}

/** The page's size, as playwright's default (a Gantt chart is as wide as the page). */
const VIEWPORT = { width: 1280, height: 720, deviceScaleFactor: 1, mobile: false, screenWidth: 1280, screenHeight: 720 };

/** Diagrams per evaluation in the page: bounds what one answer from the browser carries. */
const BATCH = 40;

/** Starts the browser and loads mermaid with `config` in its page; a browser that cannot start throws. */
export async function openDrawer(config: Record<string, unknown>): Promise<Drawer> {
  const drawer = startDrawer(config);
  try {
    await drawer.ready;
  } catch (e) {
    await drawer.close();
    throw e;
  }
  return drawer;
}

/**
 * Starts the browser now, with its page loading mermaid, and returns at once: the browser gets ready
 * on its own while the caller goes on (`ready`). A drawing asked for before waits for it. In a process
 * that keeps browsers between its builds (kept.ts), one of those, already ready.
 */
export function startDrawer(config: Record<string, unknown>): Drawer {
  return lendBrowser(`${executable()}\0${JSON.stringify(config)}`, () => launchDrawer(config));
}

function launchDrawer(config: Record<string, unknown>): KeptBrowser {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-chromium-'));
  const pageFile = path.join(dir, 'draw.html');
  // The document playwright's setContent made, with mermaid added to its head as `window.mermaid`
  // (a module script runs before the load event, which ready waits for).
  const mermaidUrl = JSON.stringify(pathToFileURL(mermaidModuleFile()).href);
  fs.writeFileSync(pageFile, drawingPage(`import mermaid from ${mermaidUrl}; window.mermaid = mermaid;`));
  const pageUrl = pathToFileURL(pageFile).href;
  // A process that exits before the folder is gone (a test runner's, or a build that failed before
  // closing the browser) removes it as it exits (after CdpPipe's own hook has ended the browser).
  // Its processes may still be writing their last files as it goes (SIGKILL reaches each of them
  // in turn): the removal tries again, as the asynchronous one does.
  const removeNow = () => {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 10 });
    } catch {
      // Left in the temporary folder: the process ends anyway.
    }
  };
  const browser = new CdpPipe(executable(), [...DRAWER_ARGS, `--user-data-dir=${path.join(dir, 'profile')}`, pageUrl], dir);
  process.once('exit', removeNow);
  const attached = new Promise<string>((resolve) =>
    browser.on((e) => {
      const target = e.params.targetInfo as { type: string; url: string } | undefined;
      if (e.method !== 'Target.attachedToTarget' || target?.type !== 'page') return false;
      resolve(e.params.sessionId as string);
      return true;
    }),
  );
  // Written now, read by the browser once it is up: it attaches to the page as soon as it opens.
  const autoAttach = browser.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
  const evaluate = async (session: string, expression: string): Promise<unknown> => {
    const r = await browser.send<{ result: { value?: unknown }; exceptionDetails?: { text: string; exception?: { description?: string } } }>(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true },
      session,
    );
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value;
  };
  let readySession: string | undefined;
  const ready = (async () => {
    await autoAttach;
    const session = await Promise.race([attached, browser.ended]);
    // Attached while the page may still be the empty one a tab opens with: wait for ours, loaded.
    let loads = 0;
    let loaded: (() => void) | undefined;
    let done = false;
    browser.on((e) => {
      if (e.method === 'Page.loadEventFired' && e.sessionId === session) {
        loads++;
        loaded?.();
      }
      return done;
    });
    await Promise.all([browser.send('Page.enable', {}, session), browser.send('Emulation.setDeviceMetricsOverride', VIEWPORT, session)]);
    for (;;) {
      const seen = loads;
      const ours = await evaluate(session, `location.href === ${JSON.stringify(pageUrl)} && (document.readyState === 'complete' || new Promise((r) => addEventListener('load', () => r(true))))`).catch(
        () => false,
      );
      if (ours) break;
      if (loads === seen) await Promise.race([new Promise<void>((r) => (loaded = r)), browser.ended]);
    }
    done = true;
    await evaluate(session, `mermaid.initialize(${JSON.stringify({ ...config, startOnLoad: false })})`);
    return (readySession = session);
  })();
  const started = ready.then(() => undefined);
  started.catch(() => undefined);
  let closing: Promise<void> | undefined;
  let gone = false;
  void browser.exited.then(() => (gone = true));
  return {
    ready: started,
    alive: () => !gone && !closing,
    hold: (on) => browser.hold(on),
    async draw(diagrams) {
      // Once ready, the first batch is sent before this first waits: it is drawn while the caller goes on.
      const session = readySession ?? (await ready);
      const out: DiagramResult[] = [];
      for (let i = 0; i < diagrams.length; i += BATCH) {
        out.push(...((await evaluate(session, `(${DRAW})(${JSON.stringify(diagrams.slice(i, i + BATCH))})`)) as DiagramResult[]));
      }
      return out;
    },
    close: () =>
      (closing ??= browser.kill().then(async () => {
        await fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
        process.off('exit', removeNow);
      })),
  };
}

// Runs in the page, as text (a bundler's helpers must not leak into it). Some diagram types take
// random numbers for ids and layouts: each diagram starts from the same seed, so that its drawing
// does not depend on the build or on the diagrams drawn before it. mermaid leaves the element of a
// diagram that failed in the page: it is removed so that it cannot meet the next one. What mermaid
// drew is corrected by fixups.ts (words broken by a hyphen, frames narrower than their titles, edge
// labels moved out of the place the layout gave them).
const DRAW = `async function (diagrams) {
  const fixSvg = ${FIX_SVG};
  const pad = mermaid.mermaidAPI.getConfig().sequence?.wrapPadding ?? 10;
  const out = [];
  for (const d of diagrams) {
    let seed = 0x2f6b1d;
    Math.random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
    try {
      out.push({ svg: fixSvg((await mermaid.render(d.id, d.source)).svg, d.source, pad) });
    } catch (e) {
      out.push({ error: e && e.message ? e.message : String(e) });
    }
    for (const id of [d.id, 'd' + d.id]) document.getElementById(id)?.remove();
  }
  return out;
}`;
