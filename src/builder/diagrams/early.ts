// Chromium started while the content is parsed, not after (chromium.ts `startDrawer`: the browser
// starts and loads mermaid on its own): that takes a second or more, as long as drawing a site's diagrams.
// Before the parse, the markdown files' texts (as the build read them for the parse, readTexts) are
// looked through for what look like mermaid diagrams (fenced blocks and `<Mermaid value>`,
// `guessDiagrams`); when one is not in the store, or a text holds one this reading cannot be sure of,
// the browser starts. When every text was read for sure, the diagrams the store lacks are sent to the
// browser at once, in the batch the stage would send (sorted): it draws them as soon as it is up,
// while the parse goes on, instead of after it (`drawSoon`; stage.ts `drawAhead` takes the results).
// A wrong guess costs time, never output: the stage draws from what the parse found (a diagram the
// guess missed is drawn then, one it found for nothing is dropped), and starts a browser itself if
// none was started.
import type { SiteConfig } from '../config/schema.js';
import { drawerVersion, rendererUnavailable, startDrawer } from './chromium.js';
import { buildTimeSource, diagramKey, drawingKey, mermaidConfig } from './key.js';
import { ID_PLACEHOLDER } from './svg.js';
import type { DiagramStore } from './store.js';
import type { DiagramResult, Drawer } from './types.js';

/** A browser that starts at most once, when asked for or when the guess says a diagram will be drawn. */
export class EarlyBrowser {
  private drawer?: Drawer;
  private closed = false;
  /** The diagrams sent with the start (drawSoon): their sources, and what the browser drew of them (undefined if it failed). */
  private early?: { sources: string[]; results: Promise<DiagramResult[] | undefined> };

  constructor(private readonly config: Record<string, unknown>) {}

  /** The browser, started now if it was not (undefined once closed). */
  get(): Drawer | undefined {
    if (!this.closed) this.drawer ??= startDrawer(this.config);
    return this.drawer;
  }

  /** Starts the browser and asks it to draw `sources` (sorted, distinct) as soon as it is ready. */
  drawSoon(sources: string[]): void {
    const drawer = this.get();
    if (!drawer || this.early) return;
    const results = drawer.draw(sources.map((source) => ({ id: ID_PLACEHOLDER, source: buildTimeSource(source) }))).catch(() => undefined);
    this.early = { sources, results };
  }

  /** What drawSoon's browser drew, by source: empty when nothing was sent, or the browser failed (the stage then draws, and reports that). */
  async drawnEarly(): Promise<Map<string, DiagramResult>> {
    const results = this.early && (await this.early.results);
    return new Map(results ? this.early!.sources.map((source, i) => [source, results[i]]) : []);
  }

  async close(): Promise<void> {
    this.closed = true;
    const drawer = this.drawer;
    this.drawer = undefined;
    await drawer?.close();
  }
}

/**
 * For a build with `markdown.mermaid` on where a browser can run: starts the browser now if some
 * text of `texts` (the markdown files', by file) seems to hold a diagram the store has not. The caller
 * closes it (`close` once the stage is done, and on any failure before).
 */
export function startBrowserEarly(params: { config: SiteConfig; texts: Iterable<string>; store: DiagramStore }): EarlyBrowser | undefined {
  if (!params.config.markdown.mermaid || rendererUnavailable()) return undefined;
  const mermaid = mermaidConfig(params.config);
  const browser = new EarlyBrowser(mermaid);
  const drawing = drawingKey({ version: drawerVersion(), config: mermaid });
  // The guessed diagrams the store lacks; undefined once a text holds one the guess cannot be sure of.
  let missing: Set<string> | undefined = new Set<string>();
  for (const text of params.texts) {
    if (!/mermaid/i.test(text)) continue;
    const sources = guessDiagrams(text);
    if (!sources) {
      missing = undefined;
      break;
    }
    for (const s of sources) if (!params.store.get(diagramKey(drawing, s))) missing.add(s);
  }
  if (!missing) browser.get();
  else if (missing.size) browser.drawSoon([...missing].sort());
  return browser;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/**
 * The diagram sources of a markdown text as the parser will find them, for the simple cases: fenced
 * blocks at the top level or in a list, `<Mermaid value="...">` or ``value={`...`}``. undefined when
 * the text holds one this cannot read for sure (quoted, escaped, or with an expression).
 */
export function guessDiagrams(text: string): string[] | undefined {
  const found: string[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let open: { marker: string; indent: number; lines: string[] | undefined } | undefined;
  for (const line of lines) {
    if (open) {
      const close = /^ *(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1][0] === open.marker[0] && close[1].length >= open.marker.length) {
        if (open.lines) found.push(open.lines.join('\n'));
        open = undefined;
      } else open.lines?.push(line.replace(new RegExp(`^ {0,${open.indent}}`), ''));
      continue;
    }
    const indent = /^ */.exec(line)![0].length;
    const fence = FENCE.exec(line.slice(Math.max(0, indent - 3)));
    if (fence && !(fence[2][0] === '`' && fence[3].includes('`'))) {
      open = { marker: fence[2], indent, lines: fence[3].trim().split(/\s+/)[0] === 'mermaid' ? [] : undefined };
      continue;
    }
    if (/^\s*>.*mermaid/i.test(line)) return undefined;
    // Not in inline code: a sentence showing how to write one.
    if (/<Mermaid\b/.test(line.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, ''))) {
      const value = /<Mermaid\b[^>]*?\bvalue=(?:"([^"&]*)"|\{`([^`$\\]*)`\})/.exec(text.slice(text.indexOf(line)));
      if (!value) return undefined;
      // MDX reads an element's lines without their indentation.
      found.push((value[1] ?? value[2]).replace(/\n[ \t]+/g, '\n'));
    }
  }
  return found;
}
