// Draws mermaid diagrams to SVG with mermaid itself, in a headless Chromium driven by playwright-core:
// mermaid lays text out with the browser's own measurements, so only a browser draws what readers
// would see. One browser and one page per batch; every diagram of the batch is drawn in that page.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { FIX_SVG } from './fixups.js';
import type { DiagramResult } from './types.js';
import { importModule } from '../importModule.js';

/** The browser to draw with: CHROMIUM_PATH, else Debian's. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

const require = createRequire(import.meta.url);

/** mermaid's browser build (an IIFE that defines `window.mermaid`): drawn with here, and served to browsers when this cannot run. */
export function mermaidScriptFile(): string {
  return require.resolve('mermaid/dist/mermaid.min.js');
}

export function mermaidVersion(): string {
  return (JSON.parse(fs.readFileSync(require.resolve('mermaid/package.json'), 'utf8')) as { version: string }).version;
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

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Diagrams per evaluation in the page: bounds what one answer from the browser carries. */
const BATCH = 40;

/** A browser with mermaid loaded and initialized, ready to draw (started before the diagrams are known: early.ts). */
export interface Drawer {
  /** Draws each diagram (`id` becomes the SVG's id and the prefix mermaid gives its inner ids), a batch per evaluation. */
  draw(diagrams: { id: string; source: string }[]): Promise<DiagramResult[]>;
  close(): Promise<void>;
}

/** Starts the browser and loads mermaid with `config` in its page; a browser that cannot start throws. */
export async function openDrawer(config: Record<string, unknown>): Promise<Drawer> {
  const { chromium } = (await importModule('playwright-core')) as typeof import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ARGS });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    await page.addScriptTag({ path: mermaidScriptFile() });
    await page.evaluate(`mermaid.initialize(${JSON.stringify({ ...config, startOnLoad: false })})`);
    return {
      async draw(diagrams) {
        const out: DiagramResult[] = [];
        for (let i = 0; i < diagrams.length; i += BATCH) {
          out.push(...((await page.evaluate(`(${DRAW})(${JSON.stringify(diagrams.slice(i, i + BATCH))})`)) as DiagramResult[]));
        }
        return out;
      },
      close: () => browser.close(),
    };
  } catch (e) {
    await browser.close();
    throw e;
  }
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
