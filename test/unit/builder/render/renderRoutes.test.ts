// The render stage with the diagrams still being drawn (render/renderSite.tsx renderRoutes): the pages
// that show no diagram are rendered without waiting for the drawings, those that show one once the
// drawings are there, and the result (pages, problems, cache keys) is the render's with the drawings
// known first. The drawings here are made up (no browser): what is checked is where they go.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../../../helpers/paths.js';
import { loadConfig } from '../../../../src/builder/config/loadConfig.js';
import { parseStage } from '../../../../src/builder/pipeline/content.js';
import { scanStage } from '../../../../src/builder/pipeline/scan.js';
import { sitePlugins } from '../../../../src/builder/plugins/index.js';
import { loadSite } from '../../../../src/builder/site/loadSite.js';
import { inProcessExecutor, type Executor } from '../../../../src/builder/parallel/executor.js';
import { renderRoutes, type RenderRoutesResult } from '../../../../src/builder/render/renderSite.js';
import { pendingDiagrams } from '../../../../src/builder/diagrams/stage.js';
import { diagramKey } from '../../../../src/builder/diagrams/key.js';
import { ID_PLACEHOLDER } from '../../../../src/builder/diagrams/svg.js';
import type { Diagrams } from '../../../../src/builder/diagrams/types.js';
import { createBuildCache } from '../../../../src/builder/cache.js';

// The mermaid fixture, with a page that has no diagram of its own but imports a markdown file that
// shows one (drawn: the same source as chinese.md's), and a `_` file the docs leave out.
const site = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-render-beside-'));
fs.cpSync(path.join(repoRoot, 'test/fixtures/mermaid-site'), site, { recursive: true });
const chinese = /```mermaid\n[\s\S]*?```\n/.exec(fs.readFileSync(path.join(site, 'docs/chinese.md'), 'utf8'))![0];
fs.writeFileSync(path.join(site, 'docs/_part.md'), `A diagram from another file:\n\n${chinese}`);
fs.writeFileSync(path.join(site, 'docs/imports.mdx'), "---\nsidebar_position: 5\n---\n\nimport Part from './_part.md';\n\n# Imported\n\n<Part />\n");
afterAll(() => fs.rmSync(site, { recursive: true, force: true }));

/** The site scanned, parsed and planned, with the executor that parsed it (it holds the trees). */
async function planned() {
  const { config, siteDir } = await loadConfig({ configFile: path.join(site, 'site.config.ts') });
  const plugins = sitePlugins();
  const executor = inProcessExecutor();
  const { files, contents } = scanStage({ config, siteDir, plugins });
  const { preParsed, parseOptions } = await parseStage({ config, siteDir, files, executor });
  return { config, executor, site: loadSite({ config, siteDir, production: true, preParsed, parseOptions, plugins, contents }).site };
}

/** Drawings for every diagram of the site; types.md's first one broken (mermaid's message). */
function drawings(pending: Diagrams, plan: Awaited<ReturnType<typeof planned>>): Diagrams {
  const sources = [...new Set([...plan.site.parsed.values()].flatMap((p) => p.diagrams ?? []))];
  const broken = sources.find((s) => s.startsWith('flowchart LR'));
  expect(broken).toBeDefined();
  return {
    ...pending,
    results: sources.map((s) => [diagramKey(pending.drawing, s), s === broken ? { error: 'Parse error on line 2' } : { svg: `<svg id="${ID_PLACEHOLDER}"><title>drawn ${s.length}</title></svg>` }]),
  };
}

/** The executor, telling `rendered` the files of each part it renders as it ends. */
function watched(executor: Executor, rendered: (files: string[]) => void): Executor {
  return {
    ...executor,
    async renderMarkdown(jobs, onResults, options) {
      const out = await executor.renderMarkdown(jobs, onResults, options);
      rendered(jobs.map((j) => path.relative(site, j.file)));
      return out;
    },
  };
}

const same = (a: RenderRoutesResult) => JSON.stringify({ rendered: a.rendered, problems: a.problems, assets: [...a.assets.files], islands: a.islands });

describe('renderRoutes with the diagrams being drawn', () => {
  it('renders the pages without diagrams before the drawings are there, then those that show one', async () => {
    const plan = await planned();
    const pending = pendingDiagrams(plan.config);
    const drawn = drawings(pending, plan);
    // The drawing answers once a page without diagrams is rendered: a render that waits for it first never ends.
    let answer!: () => void;
    const drawing = new Promise<Diagrams>((resolve) => (answer = () => resolve(drawn)));
    const parts: string[][] = [];
    const executor = watched(plan.executor, (files) => {
      parts.push(files);
      if (files.includes('docs/intro.md')) answer();
    });
    const stages: string[] = [];
    const beside = await renderRoutes({
      site: plan.site,
      executor,
      diagrams: { pending, drawn: drawing },
      time: async (stage, fn) => {
        const value = await fn();
        stages.push(stage);
        return value;
      },
    });
    expect(stages).toEqual(['render', 'diagrams']);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toContain('docs/intro.md');
    // The page that imports a diagram was rendered in the first part too (its parse found none), and again once drawn.
    expect(parts[0]).toContain('docs/imports.mdx');
    expect(parts[0].filter((f) => /types|two|chinese/.test(f))).toEqual([]);
    // Each file once per locale that shows it.
    expect([...new Set(parts[1])].sort()).toEqual(['docs/chinese.md', 'docs/imports.mdx', 'docs/two.mdx', 'docs/types.md', 'i18n/zh-Hans/docusaurus-plugin-content-docs/current/chinese.md']);

    const plainPlan = await planned();
    const first = await renderRoutes({ site: plainPlan.site, executor: plainPlan.executor, diagrams: drawn });
    expect(same(beside)).toBe(same(first));
    const imported = beside.rendered.find((r) => r.route.path.endsWith('/imports'))!;
    expect(imported.page.bodyHtml).toContain(`<title>drawn ${chinese.split('\n').slice(1, -2).join('\n').length}</title>`);
    expect(beside.problems.errors.map((p) => p.message)).toEqual(['Mermaid cannot draw this diagram: Parse error on line 2']);
  });

  it('keys each render as a render with the drawings known first', async () => {
    const cache = createBuildCache();
    try {
      const plan = await planned();
      const pending = pendingDiagrams(plan.config);
      await renderRoutes({ site: plan.site, executor: plan.executor, cache, diagrams: { pending, drawn: Promise.resolve(drawings(pending, plan)) } });
      const renders = cache.stats.markdownMisses;
      expect(renders).toBeGreaterThan(10);
      expect(cache.stats.markdownHits).toBe(0);
      const again = await planned();
      await renderRoutes({ site: again.site, executor: again.executor, cache, diagrams: drawings(pending, again) });
      expect([cache.stats.markdownHits, cache.stats.markdownMisses]).toEqual([renders, renders]);
    } finally {
      await cache.dispose();
    }
  });

  it('renders every page again when a diagram is left to the browser: its script is in every render', async () => {
    const plan = await planned();
    const pending = pendingDiagrams(plan.config);
    const left: Diagrams = { ...pending, results: [], script: { path: 'assets/js/mermaid.0000.min.js', file: path.join(site, 'docs/intro.md') } };
    const parts: string[][] = [];
    const beside = await renderRoutes({ site: plan.site, executor: watched(plan.executor, (files) => parts.push(files)), diagrams: { pending, drawn: Promise.resolve(left) } });
    expect(parts).toHaveLength(2);
    expect(parts[1]).toEqual(expect.arrayContaining(parts[0]));
    const plainPlan = await planned();
    expect(same(beside)).toBe(same(await renderRoutes({ site: plainPlan.site, executor: plainPlan.executor, diagrams: left })));
    expect(beside.rendered.find((r) => r.route.path.endsWith('/types'))!.page.bodyHtml).toContain('assets/js/mermaid.0000.min.js');
  });
});

describe('renderRoutes with the diagrams being drawn, warm', () => {
  it("does not read a cache hit's HTML before the drawings are there (a hit was kept once drawn: it holds no diagram left pending)", async () => {
    const cache = createBuildCache();
    try {
      const plan = await planned();
      const pending = pendingDiagrams(plan.config);
      await renderRoutes({ site: plan.site, executor: plan.executor, cache, diagrams: { pending, drawn: Promise.resolve(drawings(pending, plan)) } });
      // Each hit's HTML read while the drawings are awaited is counted (a warm build reads it from the store then).
      let drawn = false;
      let reads = 0;
      let asked = 0;
      const get = cache.markdown.get.bind(cache.markdown);
      cache.markdown.get = (name, key) => {
        asked++;
        const hit = get(name, key);
        if (!hit) return hit;
        const rendered = new Proxy(hit.rendered, { get: (target, p, receiver) => (p === 'html' && !drawn && reads++, Reflect.get(target, p, receiver)) });
        return { ...hit, rendered };
      };
      const again = await planned();
      let answer!: () => void;
      const drawing = new Promise<Diagrams>((resolve) => (answer = () => ((drawn = true), resolve(drawings(pending, again)))));
      const rendering = renderRoutes({ site: again.site, executor: again.executor, cache, diagrams: { pending, drawn: drawing } });
      // The first part's hits (the pages without diagrams) go to the routes as soon as they are looked up.
      await vi.waitFor(() => expect(asked).toBeGreaterThan(0));
      answer();
      await rendering;
      expect(reads).toBe(0);
    } finally {
      await cache.dispose();
    }
  });
});
