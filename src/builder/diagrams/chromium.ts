// Draws mermaid diagrams to SVG with mermaid itself, in a headless Chromium driven by playwright-core:
// mermaid lays text out with the browser's own measurements, so only a browser draws what readers
// would see. One browser and one page per batch; every diagram of the batch is drawn in that page.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { DiagramResult } from './types.js';

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
  const { chromium } = await import('playwright-core');
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
// diagram that failed in the page: it is removed so that it cannot meet the next one.
// A word wider than its box (a sequence diagram's loop or opt label, a wrapped note) is broken by
// mermaid with a hyphen, one SVG text line per piece ("[customInstructio-", "nsPython]"): the pieces
// of a word that the source writes whole are put back on one line, so lines break at words only.
const DRAW = `async function (diagrams) {
  const joinBrokenWords = (svg, source) => {
    if (!/-<\\/tspan>/.test(svg)) return svg;
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const texts = [...doc.querySelectorAll('text')];
    const sameLine = (a, b) => a.getAttribute('class') === b.getAttribute('class') && a.getAttribute('x') === b.getAttribute('x');
    let changed = false;
    for (let i = 0; i < texts.length; i++) {
      let j = i;
      let joined = '';
      while (j + 1 < texts.length && texts[j].textContent.endsWith('-') && sameLine(texts[i], texts[j + 1])) joined += texts[j++].textContent.slice(0, -1);
      if (j === i) continue;
      joined += texts[j].textContent;
      if (!source.includes(joined.replace(/^\\[|\\]$/g, ''))) continue;
      const line = texts[i].querySelector('tspan') ?? texts[i];
      line.textContent = joined;
      for (let k = i + 1; k <= j; k++) texts[k].remove();
      changed = true;
      i = j;
    }
    return changed ? new XMLSerializer().serializeToString(doc.documentElement) : svg;
  };
  const out = [];
  for (const d of diagrams) {
    let seed = 0x2f6b1d;
    Math.random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
    try {
      out.push({ svg: joinBrokenWords((await mermaid.render(d.id, d.source)).svg, d.source) });
    } catch (e) {
      out.push({ error: e && e.message ? e.message : String(e) });
    }
    for (const id of [d.id, 'd' + d.id]) document.getElementById(id)?.remove();
  }
  return out;
}`;
