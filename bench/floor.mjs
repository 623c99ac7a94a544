import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import matter from 'gray-matter';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { refractor } from 'refractor';
import lunr from 'lunr';
import stemmerSupport from 'lunr-languages/lunr.stemmer.support.js';
import lunrZh from 'lunr-languages/lunr.zh.js';

// The floor of a site's build with the stack sitegen is made of: the CPU time the libraries alone
// take for the site's content, on one thread of a fresh process (cold, as a build is), with none of
// sitegen's own work. `npm run bench` prints each cold build's CPU time as a ratio to its floor.
//   markdown:  every markdown file: front matter by gray-matter, the body through remark (with
//              remark-mdx when the file is read as MDX, which is Docusaurus 3's default for every
//              file: `--format`, and a file's own `format` / `mdx.format` front matter key), GFM and
//              directives, to hast and to HTML;
//   highlight: every fenced code block whose language Prism knows, through refractor (its common
//              grammars, others loaded when a block names them; loading them is not counted);
//   search:    lunr's index of every doc page's text, one index per docs version and locale (a
//              locale's page is its translation, else the original's text), with the locale's lunr
//              pipeline: English, or lunr-languages' Chinese one (jieba's segmentation) for zh.
// Not in it: rendering the pages' React chrome, writing the files, bundling and styles, starting
// threads, sitegen's own markdown transforms.
// argv: <site folder> [--md <folders with markdown, comma-separated, relative to the site; default:
// all of it>] [--docs <docs folder; default docs>] [--locales <default en>] [--format mdx|md|detect;
// default mdx] [--strict]. Prints JSON: { files, pages, markdownCpuMs, highlightCpuMs, searchCpuMs, mdxFallbacks
// (files MDX could not read even with those rewrites, read as CommonMark instead) }.

const [siteDir, ...rest] = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = rest.indexOf(name);
  return i === -1 ? fallback : rest[i + 1];
};
const mdDirs = opt('--md', '.').split(',');
const docsDir = opt('--docs', 'docs');
const locales = opt('--locales', 'en').split(',');
// --strict: the floor as it was until 2026-12-06 (every file read as CommonMark, no highlighting, the
// English pipeline for every locale), printed beside the floor to compare with earlier runs.
const strict = rest.includes('--strict');
const siteFormat = strict ? 'md' : opt('--format', 'mdx');

const cpu = (fn) => {
  const start = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
};

function markdownFilesUnder(dir) {
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && !e.name.startsWith('.') && e.name !== 'build') out.push(...markdownFilesUnder(p));
    } else if (/\.mdx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Docusaurus 3's choice: the file's front matter, else the site's format; 'detect' goes by extension. */
function formatOf(file, data) {
  const own = (data.mdx && typeof data.mdx === 'object' ? data.mdx.format : undefined) ?? data.format;
  const chosen = typeof own === 'string' && !strict ? own : siteFormat;
  return chosen === 'detect' ? (file.endsWith('.mdx') ? 'mdx' : 'md') : chosen;
}

const textOf = (node) => (node.type === 'text' ? node.value : (node.children ?? []).map(textOf).join(' '));
const codeOf = (node, out) => {
  if (node.type === 'code' && node.lang) out.push([node.lang, node.value]);
  for (const child of node.children ?? []) codeOf(child, out);
  return out;
};
const files = [...new Set(mdDirs.flatMap((d) => markdownFilesUnder(path.join(siteDir, d))))];
const sources = files.map((f) => fs.readFileSync(f, 'utf8'));
const processors = {
  md: unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(remarkRehype).use(rehypeStringify),
  mdx: unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective).use(remarkRehype).use(rehypeStringify),
};
const blocks = [];
let fallbacks = 0;
// What Docusaurus 3 rewrites before MDX reads a file ("mdx1Compat"): HTML comments and `{#id}` heading ids.
const mdx1Habits = (text) => text.replace(/<!--([\s\S]*?)-->/g, (_, body) => `{/*${body.replace(/\*\//g, '* /')}*/}`).replace(/^(\s{0,3}#{1,6}\s.*?)\s*\{#([^\s}]+)\}\s*$/gm, '$1 \\{#$2\\}');
const markdown = cpu(() =>
  sources.map((source, i) => {
    const { content, data } = matter(source);
    let processor = processors[formatOf(files[i], data)];
    let mdast;
    try {
      mdast = processor.parse(processor === processors.mdx ? mdx1Habits(content) : content);
    } catch {
      // Text MDX cannot read even so (a build reports it): read as CommonMark, and counted.
      fallbacks++;
      processor = processors.md;
      mdast = processor.parse(content);
    }
    codeOf(mdast, blocks);
    const tree = processor.runSync(mdast);
    processor.stringify(tree);
    return textOf(tree);
  }),
);

// The grammars the blocks name beyond refractor's common set, loaded before the clock starts.
const require = createRequire(import.meta.url);
for (const lang of new Set(blocks.map(([lang]) => lang))) {
  if (refractor.registered(lang)) continue;
  try {
    refractor.register(require(`refractor/lang/${lang}.js`).default);
  } catch {
    // Not a Prism language: the block is not highlighted.
  }
}
const highlight = cpu(() => {
  if (!strict) for (const [lang, value] of blocks) if (refractor.registered(lang)) refractor.highlight(value, lang);
});

// The doc pages of each version and locale: a translated doc's own text, else the untranslated one's.
const texts = new Map(files.map((f, i) => [path.relative(siteDir, f).split(path.sep).join('/'), markdown.value[i]]));
const docsPattern = new RegExp(`^(?:${docsDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|versioned_docs/(version-[^/]+))/(.*)$`);
const indexes = new Map();
for (const [file, text] of texts) {
  const m = docsPattern.exec(file);
  if (!m) continue;
  const version = m[1] ?? 'current';
  for (const locale of locales) {
    const translated = texts.get(`i18n/${locale}/docusaurus-plugin-content-docs/${version}/${m[2]}`);
    const key = `${version}/${locale}`;
    if (!indexes.has(key)) indexes.set(key, { locale, docs: [] });
    indexes.get(key).docs.push({ id: m[2], text: locale === locales[0] ? text : (translated ?? text) });
  }
}
const chinese = (locale) => !strict && locale.startsWith('zh');
if (locales.some(chinese)) {
  stemmerSupport(lunr);
  lunrZh(lunr);
}
const search = cpu(() => {
  for (const { locale, docs } of indexes.values())
    lunr(function () {
      if (chinese(locale)) this.use(lunr.zh);
      this.ref('id');
      this.field('text');
      for (const d of docs) this.add(d);
    });
});
const pages = [...indexes.values()].reduce((n, { docs }) => n + docs.length, 0);
console.log(
  JSON.stringify({
    files: files.length,
    pages,
    markdownCpuMs: Math.round(markdown.ms),
    highlightCpuMs: Math.round(highlight.ms),
    searchCpuMs: Math.round(search.ms),
    mdxFallbacks: fallbacks,
  }),
);
