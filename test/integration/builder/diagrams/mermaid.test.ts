import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readBuilt, sharedBuild, type SharedBuild } from '../../../helpers/sharedBuild.js';
import { makeSite, buildError, buildSite } from '../../../helpers/site.js';
import { repoRoot } from '../../../helpers/paths.js';
import { drawDiagrams } from '../../../../src/builder/diagrams/stage.js';
import { DiagramStore } from '../../../../src/builder/diagrams/store.js';
import { diagramKey, PAGE_FONT } from '../../../../src/builder/diagrams/key.js';
import { loadConfig } from '../../../../src/builder/config/loadConfig.js';
import { ProblemCollector } from '../../../../src/builder/errors.js';
import { collectDiagrams } from '../../../../src/builder/diagrams/collect.js';
import { parseMarkdown } from '../../../../src/builder/markdown/parse.js';

// markdown.mermaid through whole builds of test/fixtures/mermaid-site: diagrams drawn at build time
// into the pages (every main type, two on a page, Chinese labels, <Mermaid>), a page without one
// shipping what a site without mermaid ships, broken diagrams, and the build without a browser.
// The fixture's build is the run's shared build of it (test/helpers/sharedBuild.ts, which the browser
// tests of mermaid read too: made once per run, by test/helpers/prebuild.ts in a full run), read from
// its folder: a build of the current sources with the same config, as this file's own in memory was.

const require = createRequire(import.meta.url);
const fixture = path.join(repoRoot, 'test/fixtures/mermaid-site/site.config.ts');

function body(site: SharedBuild, route: string): string {
  const html = readBuilt(site, `${route}/index.html`);
  if (!html) throw new Error(`no page at ${route}`);
  const start = html.indexOf('data-body="">');
  return html.slice(start + 'data-body="">'.length, html.indexOf('</article>', start));
}

const svgs = (html: string) => [...html.matchAll(/<div class="mermaid-diagram"><svg[\s\S]*?<\/svg><\/div>/g)].map((m) => m[0]);
const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
const scriptsOf = (html: string) => [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]);

/** The text of every script a build in memory wrote. */
function scriptTexts(sink: { files: Map<string, string | Uint8Array> }): string[] {
  return [...sink.files].filter(([f]) => f.endsWith('.js')).map(([, v]) => (typeof v === 'string' ? v : new TextDecoder().decode(v)));
}

/** Every file of a build folder (written or copied), by its path in the output. */
function builtFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

describe('mermaid diagrams drawn at build time', () => {
  let built: SharedBuild;

  beforeAll(async () => {
    built = await sharedBuild(fixture);
  }, 180_000);

  it('inlines an SVG for each diagram type, with no source left and no warning', () => {
    const html = body(built, 'docs/types');
    const drawn = svgs(html);
    expect(drawn).toHaveLength(7);
    const kinds = drawn.map((s) => /aria-roledescription="([^"]+)"/.exec(s)?.[1]);
    expect(kinds).toEqual(['flowchart-v2', 'sequence', 'classDiagram', 'stateDiagram', 'er', 'gantt', 'pie']);
    expect(html).not.toContain('language-mermaid');
    expect(html).not.toContain('mermaid-pending');
    expect(drawn[0]).toContain('Application');
    // The Gantt chart has no line at the day it was drawn: builds on other days draw the same bytes.
    expect(drawn[5]).not.toContain('class="today"');
    expect(built.warnings).toEqual([]);
  });

  it('labels each SVG from accTitle/accDescr, or from its first line', () => {
    const [flowchart, sequence] = svgs(body(built, 'docs/types'));
    const labelledBy = /^<div class="mermaid-diagram"><svg[^>]*aria-labelledby="([^"]+)"/.exec(flowchart)?.[1];
    expect(labelledBy).toBeDefined();
    expect(flowchart).toContain(`<title id="${labelledBy}">How a request travels</title>`);
    expect(flowchart).toMatch(/<desc id="[^"]+">An application asks a gateway, which asks a sensor.<\/desc>/);
    expect(sequence).toMatch(/^<div class="mermaid-diagram"><svg aria-label="sequenceDiagram"/);
  });

  it('gives two diagrams on one page ids of their own, and no reference points into the other diagram', () => {
    const html = body(built, 'docs/two');
    const [a, b] = svgs(html);
    expect(svgs(html)).toHaveLength(2); // the ```mermaid block and <Mermaid value={...} />
    expect(b).toContain('Writer');
    const all = ids(html);
    expect(new Set(all).size).toBe(all.length);
    for (const [svg, other] of [
      [a, b],
      [b, a],
    ]) {
      const own = new Set(ids(svg));
      const refs = [...svg.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)].map((m) => m[1] ?? m[2]);
      expect(refs.filter((r) => own.has(r)).length).toBeGreaterThan(0);
      for (const ref of refs) expect(ids(other)).not.toContain(ref);
    }
    // Sequence diagrams name their arrow markers alike: each diagram has its own copy.
    expect(a).toMatch(/<marker id="mermaid-[0-9a-f]{6}-1-\d+"/);
    expect(b).toMatch(/<marker id="mermaid-[0-9a-f]{6}-2-\d+"/);
  });

  it('draws Chinese labels, in both locales', () => {
    for (const route of ['docs/chinese', 'zh-Hans/docs/chinese']) {
      const [svg] = svgs(body(built, route));
      expect(svg).toContain('边缘网关');
      expect(svg).toContain('温度传感器');
    }
  });

  it("draws the same bytes in other batches than the build's", async () => {
    const { config } = await loadConfig({ configFile: fixture });
    // The Chinese diagram alone, then the types page's seven in reverse order.
    for (const [route, file, reverse] of [
      ['docs/chinese', 'docs/chinese.md', false],
      ['docs/types', 'docs/types.md', true],
    ] as const) {
      const parsed = parseMarkdown({ file, source: fs.readFileSync(path.join(path.dirname(fixture), file), 'utf8') });
      const pageOrder = parsed.diagrams!;
      const batch = { ...parsed, diagrams: reverse ? [...pageOrder].reverse() : pageOrder };
      const fresh = await drawDiagrams({ config, parsed: [batch], store: new DiagramStore(false), problems: new ProblemCollector() });
      const drawn = new Map(fresh.results);
      const inPage = svgs(body(built, route));
      expect(inPage).toHaveLength(pageOrder.length);
      pageOrder.forEach((source, i) => {
        const id = /id="(mermaid-[0-9a-f]{6}-\d+)"/.exec(inPage[i])![1];
        expect(inPage[i]).toBe(`<div class="mermaid-diagram">${drawn.get(diagramKey(fresh.drawing, source))!.svg!.split('sitegen-mermaid-svg').join(id)}</div>`);
      });
    }
  }, 120_000);

  it('ships on a page without diagrams exactly the scripts a site without mermaid ships', async () => {
    const off = makeSite({ 'docs/intro.md': fs.readFileSync(path.join(path.dirname(fixture), 'docs/intro.md'), 'utf8') }, { docs: { path: 'docs', routeBasePath: 'docs' }, baseUrl: '/' });
    const plain = await buildSite(off.configFile);
    const withMermaid = scriptsOf(readBuilt(built, 'docs/intro/index.html')!);
    expect(withMermaid.length).toBeGreaterThan(0);
    expect(withMermaid).toEqual(scriptsOf(plain.sink.read('docs/intro/index.html') as string));
    // Every diagram was drawn: mermaid's script is not in the site at all, nor the runtime's hook that
    // would load the drawing chunk.
    const files = builtFiles(built.outDir);
    expect(files.filter((f) => /mermaid/.test(f))).toEqual([]);
    const scripts = files.filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((f) => readBuilt(built, f)!.includes('mermaid-pending'))).toBe(false);
  }, 120_000);
});

describe('a diagram mermaid cannot read', () => {
  const broken = '# Broken\n\nText.\n\n```mermaid\nflowchart LR\n  A --> \n```\n\nMore text.\n';

  it("fails the build at the file and line of its block, with mermaid's message", async () => {
    const site = makeSite({ 'docs/broken.md': broken }, { markdown: { mermaid: true } });
    const error = await buildError(site.configFile);
    expect(error.problems).toHaveLength(1);
    const [p] = error.problems!;
    expect(p.file).toBe(path.join(site.dir, 'docs/broken.md'));
    expect(p.line).toBe(5);
    expect(p.message).toMatch(/^Mermaid cannot draw this diagram: Parse error on line \d+:/);
    expect(p.message).toContain("Expecting 'AMP'");
  }, 120_000);

  it('is a warning with onBrokenMermaid: warn, and the block is shown as code', async () => {
    const site = makeSite({ 'docs/broken.md': broken }, { markdown: { mermaid: true, onBrokenMermaid: 'warn' } });
    const { result, sink } = await buildSite(site.configFile);
    expect(result.warnings.map((w) => `${path.basename(w.file ?? '')}:${w.line} ${w.message.split(':')[0]}`)).toEqual(['broken.md:5 Mermaid cannot draw this diagram']);
    expect(sink.read('docs/broken/index.html')).toContain('<div class="theme-code-block code-block language-mermaid" data-lang="mermaid">');
  }, 120_000);
});

describe('a build machine without a browser', () => {
  const saved = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved;
  });

  it("says so once and leaves the diagrams to the readers' browsers, on the pages that show one", async () => {
    process.env.CHROMIUM_PATH = path.join(os.tmpdir(), 'no-such-chromium');
    // Sources no other test draws: the diagram store on disk cannot hold them.
    const site = makeSite(
      {
        'docs/a.md': '# A\n\n```mermaid\nflowchart LR\n  NoBrowserA --> NoBrowserB\n```\n\n```mermaid\nflowchart LR\n  NoBrowserC --> NoBrowserD\n```\n',
        'docs/b.md': '# B\n\nNo diagram here.\n',
      },
      { markdown: { mermaid: true }, themeConfig: { mermaid: { options: { fontSize: 15 } } } },
    );
    const { result, sink } = await buildSite(site.configFile);
    expect(result.warnings.map((w) => w.message)).toEqual([
      `2 mermaid diagrams are drawn in the browser, not at build time: no Chromium at ${process.env.CHROMIUM_PATH} (set CHROMIUM_PATH to a Chromium or Chrome executable)`,
    ]);
    const page = sink.read('docs/a/index.html') as string;
    const script = /data-mermaid-script="\/(assets\/js\/mermaid\.[0-9a-f]{8}\.min\.js)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    expect(sink.copies.get(script!)).toBe(require.resolve('mermaid/dist/mermaid.min.js'));
    expect(page).toContain('<pre class="mermaid-source">flowchart LR\n  NoBrowserA --> NoBrowserB</pre>');
    expect(page).toContain(
      `data-mermaid-config="${JSON.stringify({ startOnLoad: false, fontSize: 15, fontFamily: PAGE_FONT, themeVariables: { fontFamily: PAGE_FONT }, theme: 'default' })
        .replace(/"/g, '&#x22;')
        .replace(/'/g, '&#x27;')}"`,
    );
    expect(sink.read('docs/b/index.html')).not.toContain('mermaid');
    // The runtime carries the hook that loads the drawing chunk on the pages that show a diagram.
    expect(scriptTexts(sink).some((js) => js.includes('mermaid-pending'))).toBe(true);
  }, 120_000);
});

describe('collectDiagrams', () => {
  it('finds ```mermaid blocks and <Mermaid value> in order, nested ones too', () => {
    const { tree } = parseMarkdown({
      file: 'x.mdx',
      source:
        'import Mermaid from \'@theme/Mermaid\';\n\n- item\n\n  ```mermaid\n  pie\n  ```\n\n<Mermaid value="graph LR; A-->B" />\n\n<Mermaid value={`graph TD\nC-->D`} />\n\n```js\nmermaid\n```\n',
    });
    expect(collectDiagrams(tree)).toEqual(['pie', 'graph LR; A-->B', 'graph TD\nC-->D']);
  });
});
