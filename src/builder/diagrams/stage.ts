// The diagrams stage: every distinct mermaid diagram of the site is drawn once, those drawn by an
// earlier build are read from the store, and the rest are drawn in one browser (none when all were
// drawn before). The browser is started while the content is parsed (early.ts), and draws the
// diagrams guessed from the texts as soon as it is up, during the parse; what the guess could not
// read is drawn as soon as the parse has found it (`drawAhead`), beside the planning and the bundling
// of the markdown's code; the stage itself (`drawDiagrams`) waits for what is left beside the render
// of the pages that show no diagram (render/renderSite.tsx), which does not wait for it.
// Where no browser can run, the build says so once and leaves them to the readers' browsers: the
// pages that show one load mermaid.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { SiteConfig } from '../config/schema.js';
import type { ParsedMeta } from '../markdown/parse.js';
import type { ProblemCollector } from '../errors.js';
import { mermaidScriptFile, drawerVersion, openDrawer, rendererUnavailable } from './chromium.js';
import { buildTimeSource, diagramKey, drawingKey, mermaidConfig } from './key.js';
import { ID_PLACEHOLDER, prepareSvg } from './svg.js';
import type { DiagramStore } from './store.js';
import type { EarlyBrowser } from './early.js';
import type { DiagramResult, Diagrams, Drawer } from './types.js';

/** What drawing ahead of the stage did: the keys it drew, or why no browser could draw. */
export interface Ahead {
  drawn: Set<string>;
  unavailable?: string;
}

/**
 * Draws into the store the diagrams of the parsed files that it does not hold, in the early browser
 * when there is one. Never rejects: a browser that cannot start is the result's `unavailable`.
 */
export async function drawAhead(params: { config: SiteConfig; parsed: Iterable<ParsedMeta>; store: DiagramStore; browser?: EarlyBrowser }): Promise<Ahead> {
  const { store } = params;
  const mermaid = mermaidConfig(params.config);
  const drawing = drawingKey({ version: drawerVersion(), config: mermaid });
  const todo = sourcesOf(params.parsed)
    .map((source) => ({ key: diagramKey(drawing, source), source }))
    .filter((d) => !store.get(d.key));
  const drawn = new Set<string>();
  if (!todo.length) {
    void params.browser?.close();
    return { drawn };
  }
  const unavailable = rendererUnavailable();
  if (unavailable) return { drawn, unavailable };
  try {
    // What the early browser drew while the content was parsed (early.ts: the guess, sorted as here);
    // the rest (all of it without a guess) is sent to it now, before this function first waits: drawn
    // while the caller plans the site.
    const early = (await params.browser?.drawnEarly()) ?? new Map<string, DiagramResult>();
    const left = todo.filter((d) => !early.has(d.source));
    let drawer: Drawer | undefined;
    try {
      if (left.length) drawer = params.browser?.get() ?? (await openDrawer(mermaid));
      const results = drawer ? await drawer.draw(left.map((d) => ({ id: ID_PLACEHOLDER, source: buildTimeSource(d.source) }))) : [];
      const now = new Map(left.map((d, i) => [d.source, results[i]]));
      for (const d of todo) {
        const result = early.get(d.source) ?? now.get(d.source)!;
        store.set(d.key, result.svg !== undefined ? { svg: prepareSvg(result.svg, d.source) } : result);
        drawn.add(d.key);
      }
    } finally {
      // The browser ends as close is called (SIGKILL); its folder is removed while the build goes on.
      void (params.browser?.close() ?? drawer?.close());
    }
  } catch (e) {
    return { drawn, unavailable: `the browser did not start: ${(e as Error).message.split('\n')[0]}` };
  }
  return { drawn };
}

/**
 * The diagrams of a site with `markdown.mermaid` on, for the render: those `ahead` drew or the store
 * held, and any other of the planned site's files drawn now.
 */
export async function drawDiagrams(params: { config: SiteConfig; parsed: Iterable<ParsedMeta>; store: DiagramStore; problems: ProblemCollector; ahead?: Promise<Ahead> }): Promise<Diagrams> {
  const { config, store } = params;
  const before = params.ahead ? await params.ahead : undefined;
  const parsed = [...params.parsed];
  // What `ahead` did not see (a file the plan parsed itself) is drawn now; after a browser that did not start, nothing is.
  const now = before?.unavailable ? { drawn: new Set<string>(), unavailable: before.unavailable } : await drawAhead({ config, parsed, store });
  const mermaid = mermaidConfig(config);
  const drawing = drawingKey({ version: drawerVersion(), config: mermaid });
  const results = new Map<string, DiagramResult>();
  let left = 0;
  for (const source of sourcesOf(parsed)) {
    const key = diagramKey(drawing, source);
    const hit = store.get(key);
    if (hit) results.set(key, hit);
    else left++;
  }
  const drawnNow = new Set([...(before?.drawn ?? []), ...now.drawn]);
  const drawnHere = [...results.keys()].filter((key) => drawnNow.has(key)).length;
  store.stats.drawn += drawnHere;
  store.stats.cached += results.size - drawnHere;
  if (left) {
    params.problems.warn({
      message: `${left} mermaid diagram${left > 1 ? 's are' : ' is'} drawn in the browser, not at build time: ${now.unavailable}`,
      hint: 'The pages that show one load mermaid (about 1 MB); syntax errors in them are not reported by the build. Install Chromium to draw them into the pages.',
    });
  }
  return { drawing, config: mermaid, results: [...results], ...(left ? { script: scriptAsset() } : {}) };
}

/**
 * The diagrams as the render sees them while they are being drawn: the drawing's key and mermaid's
 * config, no drawing yet. The pages that show no diagram are rendered with it meanwhile
 * (render/renderSite.ts renderRoutes): a render uses the diagrams only where it places one.
 */
export function pendingDiagrams(config: SiteConfig): Diagrams {
  const mermaid = mermaidConfig(config);
  return { drawing: drawingKey({ version: drawerVersion(), config: mermaid }), config: mermaid, results: [] };
}

/** Each distinct diagram source, sorted: the batch, and so the drawing, does not depend on the order files were parsed in. */
function sourcesOf(parsed: Iterable<ParsedMeta>): string[] {
  const sources = new Set<string>();
  for (const meta of parsed) for (const source of meta.diagrams ?? []) sources.add(source);
  return [...sources].sort();
}

function scriptAsset(): { path: string; file: string } {
  const file = mermaidScriptFile();
  const hash = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 8);
  return { path: `assets/js/mermaid.${hash}.min.js`, file };
}
