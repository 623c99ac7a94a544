import { describe, expect, it } from 'vitest';
import { md } from '../../../helpers/markdown.js';
import { linkLiterals, parseMarkdown, processors } from '../../../../src/builder/markdown/parse.js';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { SitegenError } from '../../../../src/builder/errors.js';
import { highlight } from '../../../../src/builder/markdown/highlight.js';

describe('headings', () => {
  it('gives Docusaurus ids: github slugs, repeats numbered, Chinese kept, {#custom-id} honoured', () => {
    const r = md('# Title\n\n## Install Shifu\n\n## Install Shifu\n\n### 启动 Nginx 服务\n\n## Plc4xProtocol(enum) {#plc4x}\n\n#### 5. Expose & Verify\n');
    expect(r.anchors.filter((a) => !a.startsWith('tabs-'))).toEqual(['title', 'install-shifu', 'install-shifu-1', '启动-nginx-服务', 'plc4x', '5-expose--verify']);
    expect(r.html).toContain('<h2 id="plc4x" class="anchor">Plc4xProtocol(enum)<a href="#plc4x" class="hash-link" aria-label="Direct link to Plc4xProtocol(enum)"');
  });

  it('honours the MDX comment form of an explicit id, {/* #custom-id */}, as Docusaurus 3 does', () => {
    const r = md('## Plc4xProtocol(enum) {/* #plc4x */}\n\n## Again {/*#again-id*/}\n');
    expect(r.anchors.filter((a) => !a.startsWith('tabs-'))).toEqual(['plc4x', 'again-id']);
    expect(r.html).toContain('<h2 id="plc4x" class="anchor">Plc4xProtocol(enum)<a href="#plc4x"');
    expect(r.toc.map((t) => t.html)).toEqual(['Plc4xProtocol(enum)', 'Again']);
  });

  it('keeps the heading case in ids with markdown.anchors.maintainCase', () => {
    const r = md('## Install Shifu\n\n## Install Shifu\n', { anchorsMaintainCase: true });
    expect(r.anchors.filter((a) => !a.startsWith('tabs-'))).toEqual(['Install-Shifu', 'Install-Shifu-1']);
  });

  it('builds a table of contents of h2 and h3 only', () => {
    const r = md('## A `code`\n\n### B\n\n#### C\n');
    expect(r.toc).toEqual([
      { id: 'a-code', level: 2, html: 'A <code>code</code>' },
      { id: 'b', level: 3, html: 'B' },
    ]);
  });
});

describe('line numbers', () => {
  it('number from 1 with showLineNumbers, from N with showLineNumbers=N, in a fence and in <CodeBlock>', () => {
    const fence = md('```js showLineNumbers\na();\n```\n\n```js showLineNumbers=5\nb();\n```\n');
    expect(fence.html).toContain('<pre class="prism-code code-pre line-numbers" tabindex="0"><code class="language-js"><span');
    expect(fence.html).toContain('<pre class="prism-code code-pre line-numbers" tabindex="0"><code class="language-js" style="counter-reset:line 4">');
    const component = md('import CodeBlock from \'@theme/CodeBlock\';\n\n<CodeBlock language="js" showLineNumbers={12}>c();</CodeBlock>\n');
    expect(component.html).toContain('<code class="language-js" style="counter-reset:line 11">');
    expect(md('```js\nd();\n```\n').html).not.toContain('line-numbers');
  });
});

describe('admonitions', () => {
  it('renders each type with its default or custom title', () => {
    const r = md(':::tip Before you start\nInstall **kind**.\n:::\n\n:::danger\nCareful.\n:::\n');
    expect(r.html).toMatch(
      /<div class="theme-admonition theme-admonition-tip alert alert--success">.*Before you start<\/div><div class="admonition-content">\s*<p>Install <strong>kind<\/strong>.<\/p>/s,
    );
    expect(r.html).toMatch(/admonition-danger.*danger<\/div>/s);
  });

  it('keeps text that only looks like a directive', () => {
    const r = md('The ratio is 3:1 and the key is name:value here.\n');
    expect(r.html).toBe('<p>The ratio is 3:1 and the key is name:value here.</p>');
  });
});

describe('code blocks', () => {
  it('highlights at build time with a title and marked lines', () => {
    const r = md('```yaml title="edgedevice.yaml" {2}\napiVersion: v1\nkind: EdgeDevice\n```\n');
    expect(r.html).toContain('<div class="code-title">edgedevice.yaml</div>');
    expect(r.html).toContain('class="code-line code-line-hl"><span class="token key atrule">kind</span>');
    expect(r.html).toContain('class="language-yaml"');
  });

  it('drops highlight-next-line comments and marks the next line', () => {
    const r = md('```js\n// highlight-next-line\nconst a = 1;\nconst b = 2;\n```\n');
    expect(r.html).not.toContain('highlight-next-line');
    expect(r.html.match(/code-line-hl/g)).toHaveLength(1);
  });

  it('marks lines with the magic comments a site declares (themeConfig.prism.magicComments), in any comment form', () => {
    const magicComments = [
      { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
      { className: 'code-block-error-line', line: 'This will error' },
      { className: 'code-block-added', block: { start: 'added-start', end: 'added-end' } },
    ];
    const lines = (source: string) =>
      [...md(source, { code: { magicComments } }).html.matchAll(/<span class="(code-line[^"]*)">(.*?)\n<\/span>/g)].map((m) => `${m[1]}: ${m[2].replace(/<[^>]+>/g, '')}`);
    expect(lines('```js\n// This will error\nthrow 1;\n/* added-start */\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n/* added-end */\nok();\n```\n')).toEqual([
      'code-line code-block-error-line: throw 1;',
      'code-line code-block-added: const a = 1;',
      'code-line code-line-hl code-block-added: const b = 2;',
      'code-line: ok();',
    ]);
    expect(lines('```bash\n# This will error\nrm -rf /\n```\n')).toEqual(['code-line code-block-error-line: rm -rf /']);
    expect(lines('```html\n<!-- added-start -->\n<p>new</p>\n<!-- added-end -->\n```\n')).toEqual(['code-line code-block-added: &#x3C;p>new&#x3C;/p>']);
    // Meta ranges take the first magic comment's class; without the option, only Docusaurus's default comments count.
    expect(lines('```js {2}\na();\nb();\n```\n')).toEqual(['code-line: a();', 'code-line code-line-hl: b();']);
    expect(md('```js\n// This will error\nx();\n```\n').html).toContain('This will error');
  });

  it('tokenizes a repeated block once: its lines are strings that every caller shares', () => {
    const code = `kubectl apply -f edgedevice-${Date.now()}.yaml # unique to this test`;
    const first = highlight(code, 'bash');
    expect(first[0].html).toContain('<span class="token comment"># unique to this test</span>');
    expect(highlight(code, 'bash')).toBe(first);
  });
});

describe('MDX in .md', () => {
  it('renders Tabs and TabItem with the default tab selected and a group id', () => {
    const r = md(
      'import Tabs from \'@theme/Tabs\';\nimport TabItem from \'@theme/TabItem\';\n\n<Tabs groupId="os">\n<TabItem value="linux" label="Linux">\n\nL\n\n</TabItem>\n<TabItem value="mac" label="macOS" default>\n\nM\n\n</TabItem>\n</Tabs>\n',
    );
    expect(r.html).toContain('data-group-id="os"');
    expect(r.html).toMatch(/aria-selected="false"[^>]*data-value="linux">Linux<\/button><button[^>]*aria-selected="true"[^>]*data-value="mac">macOS/);
    expect(r.html).toMatch(/<div data-value="linux" role="tabpanel"[^>]*hidden/);
  });

  it('turns HTML comments into nothing and keeps <details>', () => {
    const r = md('<!-- hidden -->\n\n<details>\n<summary>More</summary>\n\nBody\n\n</details>\n');
    expect(r.html).not.toContain('hidden');
    expect(r.html).toMatch(/<details class="details"><summary>More<\/summary>\s*<p>Body<\/p>\s*<\/details>/);
  });

  it('reports an unknown component with its file and line', () => {
    const r = md('Text\n\n<Chart data="x" />\n');
    expect(r.problems.errors).toEqual([expect.objectContaining({ message: 'Unknown component <Chart>', file: '/site/docs/guide/page.md', line: 3 })]);
  });

  it('keeps an import of the site out of the page: it is the module of the file (mdx/module.ts)', () => {
    const source = "---\ntitle: X\n---\nimport x from './x.js';\n\nText\n";
    const r = md(source);
    expect(r.problems.errors).toEqual([]);
    expect(r.html.trim()).toBe('<p>Text</p>');
    const parsed = parseMarkdown({ file: '/site/docs/a.md', source });
    expect(parsed.mdx?.code.split('\n')[3]).toBe("import x from './x.js';");
  });

  it('reports a parse error at its source line, counting the front matter', () => {
    try {
      parseMarkdown({ file: '/site/a.md', source: '---\ntitle: A\n---\n\nline one\n\n<div>\nunclosed\n' });
      throw new Error('expected an error');
    } catch (e) {
      expect(e).toBeInstanceOf(SitegenError);
      const p = (e as SitegenError).problems[0];
      expect(p.file).toBe('/site/a.md');
      expect(p.line).toBeGreaterThanOrEqual(7);
      expect(p.hint).toContain('MDX');
    }
  });
});

describe('links and images', () => {
  it('rewrites relative .md links to routes and keeps the hash', () => {
    const r = md('[a](other.md#setup) and [b](../intro.md)\n');
    expect(r.html).toBe('<p><a href="/docs/guide/other#setup">a</a> and <a href="/docs/intro">b</a></p>');
    expect(r.links.map((l) => l.url)).toEqual(['/docs/guide/other#setup', '/docs/intro']);
  });

  it('warns about a broken markdown link with its line, or fails when configured to', () => {
    expect(md('\n[x](missing.md)\n').problems.warnings[0]).toMatchObject({ line: 2, message: expect.stringContaining('missing.md') });
    expect(md('[x](missing.md)\n', { onBrokenMarkdownLinks: 'throw' }).problems.errors).toHaveLength(1);
  });

  it('opens external links in a new tab and makes pathname:// a plain anchor', () => {
    const r = md('[gh](https://github.com/Edgenesis/shifu) [pdf](pathname:///files/a.pdf)\n');
    expect(r.html).toContain('<a href="https://github.com/Edgenesis/shifu" target="_blank" rel="noopener noreferrer">gh</a>');
    expect(r.html).toContain('<a href="/files/a.pdf" data-noroute="">pdf</a>');
  });

  it('reports a missing local image as an error', () => {
    const r = md('![x](./nope.png)\n');
    expect(r.problems.errors[0].message).toContain('Image not found: "./nope.png"');
  });
});

describe('blog excerpts', () => {
  it('splits at <!--truncate-->', () => {
    const r = md('First paragraph.\n\n<!--truncate-->\n\nRest.\n');
    expect(r.excerptHtml).toBe('<p>First paragraph.</p>');
    expect(r.html).toContain('Rest.');
  });
});

describe('Chinese text', () => {
  it('drops the space a line break would put between two Chinese characters, and keeps it elsewhere', () => {
    expect(md('还要\n自己实现\nthen English\nwords 中文\n结尾\n').html).toBe('<p>还要自己实现\nthen English\nwords 中文结尾</p>');
  });
});

describe('literal autolinks', () => {
  // The oracle: remark with GFM as shipped, its autolink syntax and transform untouched.
  const reference = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective);
  const strip = (tree: unknown) => JSON.stringify(tree, (k, v) => (k === 'position' ? undefined : v));
  const ours = (text: string) => {
    const tree = (text.includes('@') ? processors.full : processors.withoutEmailSyntax).parse(text);
    linkLiterals(tree);
    return tree;
  };
  const cases = [
    'See https://shifu.dev now.',
    'Go to www.shifu.dev.',
    'Mail info@edgenesis.io.',
    'WWW.SHIFU.DEV and HTTPS://SHIFU.DEV/DOCS',
    'Escaped www\\.shifu.dev and an entity: info&#64;edgenesis.io, mailto:a@b.co and xmpp:a@b.co/r',
    '*Emphasis with https://shifu.dev/a_b_c inside* and **strong www.shifu.dev**',
    '# Heading https://shifu.dev\n\n| a | b |\n| - | - |\n| https://x.io | c@d.io |\n',
    '[a link https://inside.io](https://target.io) and [ref www.x.io][r] then https://after.io\n\n[r]: https://r.io',
    '> quote with (https://shifu.dev/path?q=1). and `code https://no.io`\n\n- item www.a.io\n  - nested b@c.io',
    '<div>jsx text https://in-jsx.io</div>\n\nText <span>inline www.in-span.io</span> end',
    ':::tip[Title https://t.io]\nbody me@x.io\n:::\n',
    'image ![alt https://alt.io](./x.png) and docker@sha256 and user@host and a@b',
    'Trailing punctuation https://shifu.dev/docs/). and www.x.io/a)b(c)',
    '中文里的链接https://shifu.dev，和邮箱info@edgenesis.io。',
  ];
  it('are the links remark-gfm makes, in the same trees, with the transform run on candidate nodes only', () => {
    for (const text of cases) expect(strip(ours(text)), text).toBe(strip(reference.parse(text)));
    expect(md('See https://shifu.dev now.').html).toContain('<a href="https://shifu.dev"');
    expect(md('Go to www.shifu.dev.').html).toContain('<a href="http://www.shifu.dev"');
    expect(md('Mail info@edgenesis.io.').html).toContain('<a href="mailto:info@edgenesis.io"');
  });
  it('parses without the email construct only where the source has no "@", and that processor lacks only it', () => {
    const names = (p: typeof processors.full) =>
      ((p.data('micromarkExtensions') ?? []) as { text?: Record<string, { name?: string } | { name?: string }[]> }[]).flatMap((e) =>
        Object.values(e.text ?? {}).flatMap((v) => (Array.isArray(v) ? v : [v]).map((c) => c.name ?? '?')),
      );
    const full = names(processors.full);
    const fast = names(processors.withoutEmailSyntax);
    expect(full).toContain('emailAutolink');
    expect(fast).not.toContain('emailAutolink');
    expect(fast).toEqual(full.filter((n) => n !== 'emailAutolink'));
    // No construct in the full processor's list is lost but the email one.
    expect(fast).toContain('protocolAutolink');
    expect(fast).toContain('wwwAutolink');
  });
});

describe('TOCInline', () => {
  it("draws the file's headings as nested lists of links, of the page's levels or those it names", () => {
    const source = [
      "import TOCInline from '@theme/TOCInline';",
      '',
      '# Title',
      '',
      '<TOCInline toc={toc} />',
      '',
      '## Install `shifu`',
      '',
      '### On Linux',
      '',
      '#### Details',
      '',
      '## Use it {#use}',
      '',
      '<TOCInline toc={toc} minHeadingLevel={3} maxHeadingLevel={4} className="deep" />',
      '',
    ].join('\n');
    const r = md(source);
    expect(r.html).toContain(
      '<div class="toc-inline"><ul><li><a href="#install-shifu">Install <code>shifu</code></a><ul><li><a href="#on-linux">On Linux</a></li></ul></li><li><a href="#use">Use it</a></li></ul></div>',
    );
    expect(r.html).toContain('<div class="toc-inline deep"><ul><li><a href="#on-linux">On Linux</a><ul><li><a href="#details">Details</a></li></ul></li></ul></div>');
    // The page's own table of contents is unchanged, and the lists are no text of its sections.
    expect(r.toc.map((t) => t.id)).toEqual(['install-shifu', 'on-linux', 'use']);
    expect(r.problems.errors).toEqual([]);
  });

  it("refuses a toc other than the file's own, and levels out of range, at its line", () => {
    expect(md("import TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc.slice(1)} />\n").problems.errors[0]).toMatchObject({ line: 3, message: expect.stringContaining('toc={toc}') });
    expect(md("import TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc} minHeadingLevel={1} />\n").problems.errors[0]).toMatchObject({
      line: 3,
      message: expect.stringContaining('heading levels from 2 to 6'),
    });
  });
});

describe('text stats', () => {
  it("counts Latin words and CJK characters of the file's text, code included, for reading time", () => {
    const parsed = parseMarkdown({ file: '/site/docs/a.md', source: "# Hello world\n\n你好世界 it's well-known_x 中文English, 3.14\n\n```bash\nfoo bar\n```\n" });
    // Hello, world, it's, well-known_x, English, 3, 14, foo, bar; 你好世界 and 中文.
    expect(parsed.stats).toEqual({ words: 9, cjk: 6 });
  });
});
