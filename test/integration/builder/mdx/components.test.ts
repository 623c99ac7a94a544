import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildError, makeSite } from '../../../helpers/site.js';
import { repoRoot } from '../../../helpers/paths.js';
import type { MemorySink } from '../../../../src/builder/output/sink.js';
import type { BuildResult } from '../../../../src/builder/build.js';

// Code in markdown (fixture test/fixtures/mdx-site): components imported from the site drawn into
// the page's HTML at build time, exports used in expressions, islands marked for hydration and their
// code shipped only to their pages; and the errors of such code, at the markdown's file and line.

const mdxConfig = path.join(repoRoot, 'test/fixtures/mdx-site/site.config.ts');
let sink: MemorySink;
let result: BuildResult;

beforeAll(async () => {
  ({ sink, result } = await buildSite(mdxConfig));
}, 120_000);

const body = (file: string) => /<div class="theme-doc-markdown markdown" data-body="">([\s\S]*?)<\/div><\/article>/.exec(sink.read(file) ?? '')?.[1] ?? '';

/** The scripts a page loads at first: its module script and the files it preloads. */
const scriptsOf = (file: string) => [...(sink.read(file) ?? '').matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]).sort();

describe('components imported in markdown', () => {
  it('draws a static component (its props from an export) and an expression into the HTML', () => {
    const html = body('docs/counter/index.html');
    expect(html).toContain('<p>The pipeline has 3 steps:</p>');
    // Its CSS module gives a scoped class name, whose rule is in the site's stylesheet.
    const scoped = /<figure class="diagram (diagram_\w+)" data-help="\/docs\/intro"><span class="diagram-step">Sensor<\/span><span class="diagram-step"> → <!-- -->Gateway<\/span>/.exec(html)?.[1];
    expect(scoped).toBeTruthy();
    const linked = [...(sink.read('docs/counter/index.html') ?? '').matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)].map((m) => m[1]);
    const css = linked.map((f) => sink.read(f)).join('');
    expect(css).toContain(`.${scoped}{`);
    // The imports and exports themselves draw nothing.
    expect(html).not.toContain('export const');
    expect(html).not.toContain('import ');
  });

  it('marks an interactive component as an island with its props, its markdown children drawn inside', () => {
    const html = body('docs/counter/index.html');
    expect(html).toContain(
      '<sitegen-island data-island="@site/src/components/Counter#default" data-props="{&quot;start&quot;:2,&quot;label&quot;:&quot;Clicks&quot;}" style="display:contents"><div class="counter"><button type="button">Clicks<!-- -->: <!-- -->2</button><div class="counter-note"><sitegen-children style="display:contents"><p>Counted <strong>in the browser</strong>.</p></sitegen-children></div></div></sitegen-island>',
    );
  });

  it('draws a shared component in a blog post and in a markdown page, with the theme Link it uses', () => {
    const post = sink.read('blog/2024/01/01/hello/index.html') ?? '';
    // Its imported image is a content-hashed file of the site.
    const icon = /<aside class="shared-note"><img src="\/(assets\/images\/note-icon-\w+\.png)"/.exec(post)?.[1];
    expect(icon && sink.files.has(icon)).toBe(true);
    expect(post).toContain(`<strong>Shared</strong><p>The note's <em>markdown</em> body.</p><a href="/docs/intro"`);
    const page = sink.read('about/index.html') ?? '';
    expect(page).toContain('<p>Written in 2024.</p>');
    expect(page).toContain(`<strong>On a page</strong>A page's note.<a href="/docs/intro"`);
    expect(page.match(/shared-note/g)).toHaveLength(1);
    expect(page).not.toContain('sitegen-island');
  });

  it('ships no island code to a page without islands: the entry and, on a site with islands, their small watcher', () => {
    const entry = scriptsOf('docs/intro/index.html');
    for (const page of ['docs/static/index.html', 'docs/counter/index.html', 'docs/highlight/index.html', 'about/index.html']) expect(scriptsOf(page)).toEqual(entry);
    // A post adds its layout's chunk (theme/layouts/lazyLayouts.ts), and nothing else.
    const postLayout = result.client.layoutChunks.blogPost;
    expect(postLayout.length).toBeGreaterThan(0);
    expect(scriptsOf('blog/2024/01/01/hello/index.html')).toEqual([...entry, ...postLayout.filter((p) => !entry.includes(p))].sort());
    const watcher = entry.find((s) => s.startsWith('/assets/js/islands.'))!;
    expect(watcher).toBeTruthy();
    expect(zlib.gzipSync(sink.read(watcher.slice(1))!).length).toBeLessThan(600);
    // The counter's code is a chunk of its own that no page names: the islands runtime imports it on demand.
    const counterChunk = [...sink.files.keys()].filter((f) => f.startsWith('assets/js/') && sink.read(f)?.includes('counter-note'));
    expect(counterChunk).toHaveLength(1);
    expect(entry).not.toContain('/' + counterChunk[0]);
    expect(sink.read(watcher.slice(1))).not.toContain('counter-note');
    expect(result.warnings).toEqual([]);
  });

  it('leaves the browser bundle of a site without islands as it was, static components in markdown or not', async () => {
    const { configFile } = makeSite(
      { 'docs/a.mdx': "import D from '@site/src/D';\n\n# A\n\n<D />\n", 'src/D.tsx': 'export default function D() { return <p className="d">static</p>; }\n' },
      { docs: { path: 'docs' } },
    );
    const plain = makeSite({ 'docs/a.mdx': '# A\n\n<p className="d">static</p>\n' }, { docs: { path: 'docs' } });
    const [withStatic, without] = await Promise.all([buildSite(configFile), buildSite(plain.configFile)]);
    expect(withStatic.sink.read('docs/a/index.html')).toContain('<p class="d">static</p>');
    const js = (s: MemorySink) => [...s.files.keys()].filter((f) => f.endsWith('.js')).sort();
    expect(js(withStatic.sink)).toEqual(js(without.sink));
  });
});

describe("islands of a markdown file's own code", () => {
  const chunksWith = (text: string) => [...sink.files.keys()].filter((f) => f.startsWith('assets/js/') && sink.read(f)?.includes(text));

  it('makes a component the file exports and an HTML element with a handler islands of their slot, plain-text children as the string', () => {
    const html = body('docs/highlight/index.html');
    expect(html).toContain(
      '<p><sitegen-island data-island="@site/docs/highlight.mdx#slot-657" data-props="{&quot;children&quot;:&quot;Docusaurus green&quot;}" style="display:contents"><span class="highlight" style="background-color:#25c2a0;border-radius:2px;color:#fff;padding:0.2rem">Docusaurus green</span></sitegen-island> is a color of this page.</p>',
    );
    expect(html).toContain(
      '<p><sitegen-island data-island="@site/docs/highlight.mdx#slot-739" data-props="{&quot;children&quot;:&quot;Click me!&quot;}" style="display:contents"><button>Click me!</button></sitegen-island></p>',
    );
    // Markdown children are read back from the page, not shipped: the slot's island has no props.
    expect(html).toContain(
      '<sitegen-island data-island="@site/docs/highlight.mdx#slot-808" style="display:contents"><span class="like"><button type="button">Likes: <!-- -->0</button><span class="like-note"><sitegen-children style="display:contents">Liked <strong>in the browser</strong>.</sitegen-children></span></span></sitegen-island>',
    );
  });

  it("ships the file's module as a chunk of its own, which only its islands' loaders import, apart from the counter's", () => {
    const [markdown] = chunksWith('button clicked!');
    expect(chunksWith('button clicked!')).toEqual([markdown]);
    const [counter] = chunksWith('counter-note');
    expect(sink.read(markdown)).not.toContain('counter-note');
    expect(sink.read(counter)).not.toContain('like-note');
    // The runtime's loaders: each key imports its own chunk.
    const keys = [...body('docs/highlight/index.html').matchAll(/data-island="@site\/docs\/highlight\.mdx#slot-(\d+)"/g)].map((m) => m[1]);
    expect(keys).toHaveLength(3);
    const [runtime] = chunksWith(`@site/docs/highlight.mdx#slot-${keys[0]}`);
    expect(chunksWith(`@site/docs/highlight.mdx#slot-${keys[0]}`)).toEqual([runtime]);
    const loaders = sink.read(runtime)!;
    // Each slot's loader imports the slot alone, which imports the file's module.
    for (const slot of keys) {
      const own = new RegExp(`"@site/docs/highlight\\.mdx#slot-${slot}":\\(\\)=>import\\("\\./([^"]+)"\\)`).exec(loaders)?.[1];
      expect(sink.read(`assets/js/${own}`)).toContain(`from"./${path.basename(markdown)}"`);
    }
    expect(loaders).toMatch(new RegExp(`"@site/src/components/Counter#default":\\(\\)=>import\\("\\./${path.basename(counter).replace('.', '\\.')}"\\)`));
    // No page names either chunk: a page loads them when it shows their islands (test/e2e/client/mdx-islands.test.ts).
    for (const page of ['docs/intro/index.html', 'docs/counter/index.html', 'docs/highlight/index.html']) {
      expect(scriptsOf(page)).not.toContain('/' + markdown);
      expect(scriptsOf(page)).not.toContain('/' + counter);
    }
  });
});

describe('the code of a slot island', () => {
  it("ships only what the island needs of its file: not the file's static components, nor where its imports are", async () => {
    const { dir, configFile } = makeSite(
      {
        'docs/mixed.mdx': ["import Heavy from '../src/components/Heavy';", '', '# Mixed', '', '<Heavy />', '', "<button onClick={() => alert('slot-island-marker')}>Press</button>", ''].join('\n'),
        'src/components/Heavy.tsx': 'export default function Heavy() {\n  return <p className="heavy">{\'heavy-static-marker \'.repeat(3)}</p>;\n}\n',
      },
      { docs: { path: 'docs' } },
    );
    try {
      const built = await buildSite(configFile);
      const scripts = built.sink.paths().filter((p) => p.startsWith('assets/js/'));
      const text = scripts.map((p) => built.sink.read(p)).join('\n');
      expect(text).toContain('slot-island-marker');
      expect(built.sink.read('docs/mixed/index.html')).toContain('heavy-static-marker');
      expect(text).not.toContain('heavy-static-marker');
      expect(text).not.toContain(dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('errors of code in markdown', () => {
  it('a component that throws fails the build at the usage, with the component frame in its own file', async () => {
    const { dir, configFile } = makeSite(
      {
        'docs/a.mdx': "---\ntitle: A\n---\n\nimport Broken from '../src/components/Broken';\n\n# A\n\nText.\n\n<Broken />\n",
        'src/components/Broken.tsx': "export default function Broken(): JSX.Element {\n  const parts: string[] = [];\n  throw new Error('the parts are missing: ' + parts.length);\n}\n",
      },
      { docs: { path: 'docs' } },
    );
    const e = await buildError(configFile);
    expect(e.problems).toEqual([
      expect.objectContaining({
        message: '<Broken> failed to render: the parts are missing: 0',
        file: path.join(dir, 'docs/a.mdx'),
        line: 11,
        hint: expect.stringMatching(new RegExp(`^at Broken \\(${path.join(dir, 'src/components/Broken.tsx').replace(/[.]/g, '\\.')}:3:9\\)$`)),
      }),
    ]);
  });

  it("an interactive component imported from a module fails on a prop JSON cannot carry, at the usage's line", async () => {
    const { dir, configFile } = makeSite(
      {
        'docs/a.mdx': "import Pick from '@site/src/Pick';\n\n# A\n\n<Pick onPick={(x) => x} />\n",
        'src/Pick.tsx':
          "import { useState } from 'react';\nexport default function Pick(props: { onPick: (x: number) => number }) {\n  const [n] = useState(1);\n  return <b>{props.onPick(n)}</b>;\n}\n",
      },
      { docs: { path: 'docs' } },
    );
    const e = await buildError(configFile);
    expect(e.problems).toEqual([
      expect.objectContaining({ message: expect.stringContaining('the prop "onPick" of this interactive component is a function'), file: path.join(dir, 'docs/a.mdx'), line: 5 }),
    ]);
  });

  it("checks the links a component's <Link>s draw in markdown, at the line of the component", async () => {
    const { dir, configFile } = makeSite(
      {
        'docs/a.mdx': 'import Link from \'@docusaurus/Link\';\nimport Next from \'@site/src/Next\';\n\n# A\n\n<Link to="/docs/b">fine</Link> and <Link to="/docs/c">gone</Link>\n\n<Next />\n',
        'docs/b.md': '# B\n',
        'src/Next.tsx': 'import Link from \'@docusaurus/Link\';\nexport default function Next() {\n  return <Link to="/docs/b#later">Next</Link>;\n}\n',
      },
      { docs: { path: 'docs' }, onBrokenAnchors: 'throw' },
    );
    const e = await buildError(configFile);
    const file = path.join(dir, 'docs/a.mdx');
    expect(e.problems?.map((p) => [p.file, p.line, p.message])).toEqual([
      [file, 6, '→ /docs/c (did you mean /docs/a?)'],
      [file, 8, '→ /docs/b#later (no element with id "later" on /docs/b)'],
    ]);
  });

  it('draws @theme/ThemedImage as an image per colour mode, which the stylesheet picks from, and runs useBaseUrl in expressions', async () => {
    const { configFile } = makeSite(
      {
        'docs/a.mdx':
          "import ThemedImage from '@theme/ThemedImage';\nimport useBaseUrl from '@docusaurus/useBaseUrl';\n\n# A\n\n<ThemedImage alt=\"Topology\" width={320} sources={{ light: useBaseUrl('/img/light.svg'), dark: useBaseUrl('/img/dark.svg') }} />\n\n<img alt=\"Logo\" src={useBaseUrl('/img/light.svg')} />\n",
        'static/img/light.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
        'static/img/dark.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      },
      { baseUrl: '/base/', docs: { path: 'docs' } },
    );
    const { sink } = await buildSite(configFile);
    expect(sink.read('docs/a/index.html')).toContain(
      '<img src="/base/img/light.svg" alt="Topology" class="themed-light" width="320"/><img src="/base/img/dark.svg" alt="Topology" class="themed-dark" width="320"/>',
    );
    // A hook in an expression of the file itself runs as in Docusaurus's MDX content (inside React's render).
    expect(sink.read('docs/a/index.html')).toContain('<img alt="Logo" src="/base/img/light.svg"/>');
    const css = [...sink.files.keys()]
      .filter((f) => f.endsWith('.css'))
      .map((f) => sink.read(f))
      .join('\n');
    expect(css).toMatch(/\.themed-dark\s*\{\s*display:\s*none/);
  });

  it('a missing module names the markdown file and the line of its import', async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': "---\ntitle: A\n---\n\n# A\n\nimport Gone from '@site/src/components/Gone';\n\n<Gone />\n" }, { docs: { path: 'docs' } });
    const e = await buildError(configFile);
    expect(e.problems).toEqual([expect.objectContaining({ message: 'Cannot find the module "@site/src/components/Gone"', file: path.join(dir, 'docs/a.md'), line: 7 })]);
  });
});
