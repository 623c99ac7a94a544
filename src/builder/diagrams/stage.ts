// The diagrams stage, between planning and rendering: every distinct mermaid diagram of the site is
// drawn once, those drawn by an earlier build are read from the store, and the rest are drawn in one
// browser started for them (none when all were drawn before). Where no browser can run, the build
// says so once and leaves them to the readers' browsers: the pages that show one load mermaid.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { SiteConfig } from '../config/schema.js';
import type { ParsedMeta } from '../markdown/parse.js';
import type { ProblemCollector } from '../errors.js';
import { drawInChromium, mermaidScriptFile, mermaidVersion, rendererUnavailable } from './chromium.js';
import { buildTimeSource, diagramKey, drawingKey, mermaidConfig } from './key.js';
import { ID_PLACEHOLDER, prepareSvg } from './svg.js';
import type { DiagramStore } from './store.js';
import type { DiagramResult, Diagrams } from './types.js';

/** The diagrams of a site with `markdown.mermaid` on. */
export async function drawDiagrams(params: { config: SiteConfig; parsed: Iterable<ParsedMeta>; store: DiagramStore; problems: ProblemCollector }): Promise<Diagrams> {
  const { config, store } = params;
  const mermaid = mermaidConfig(config);
  const drawing = drawingKey({ version: mermaidVersion(), config: mermaid });
  const sources = new Set<string>();
  for (const meta of params.parsed) for (const source of meta.diagrams ?? []) sources.add(source);
  const results = new Map<string, DiagramResult>();
  const todo: { key: string; source: string }[] = [];
  // Sorted: the batch, and so the drawing, does not depend on the order files were parsed in.
  for (const source of [...sources].sort()) {
    const key = diagramKey(drawing, source);
    const hit = store.get(key);
    if (hit) results.set(key, hit);
    else todo.push({ key, source });
  }
  let unavailable = todo.length ? rendererUnavailable() : undefined;
  if (todo.length && !unavailable) {
    try {
      const drawn = await drawInChromium({ diagrams: todo.map((d) => ({ id: ID_PLACEHOLDER, source: buildTimeSource(d.source) })), config: mermaid });
      todo.forEach((d, i) => {
        const result = drawn[i].svg !== undefined ? { svg: prepareSvg(drawn[i].svg, d.source) } : drawn[i];
        results.set(d.key, result);
        store.set(d.key, result);
      });
    } catch (e) {
      unavailable = `the browser did not start: ${(e as Error).message.split('\n')[0]}`;
    }
  }
  const left = todo.filter((d) => !results.has(d.key)).length;
  if (left) {
    params.problems.warn({
      message: `${left} mermaid diagram${left > 1 ? 's are' : ' is'} drawn in the browser, not at build time: ${unavailable}`,
      hint: 'The pages that show one load mermaid (about 1 MB); syntax errors in them are not reported by the build. Install Chromium to draw them into the pages.',
    });
  }
  return { drawing, config: mermaid, results: [...results], ...(left ? { script: scriptAsset() } : {}) };
}

function scriptAsset(): { path: string; file: string } {
  const file = mermaidScriptFile();
  const hash = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 8);
  return { path: `assets/js/mermaid.${hash}.min.js`, file };
}
