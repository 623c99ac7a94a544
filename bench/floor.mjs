import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import lunr from 'lunr';

// The floor of a site's build with the stack sitegen is made of: the CPU time the libraries alone
// take for the site's content, on one thread of a fresh process (cold, as a build is), with none of
// sitegen's own work. `npm run bench` prints each cold build's CPU time as a ratio to its floor.
//   markdown: every markdown file: front matter by gray-matter, the body through remark (GFM,
//             directives), to hast and to HTML;
//   search:   lunr's index of every doc page's text, one index per docs version and locale (a
//             locale's page is its translation, else the original's text), with lunr's English
//             pipeline for all of them (jieba and the Chinese pipeline, which zh-Hans pages need,
//             cost more: this is below the real cost).
// Not in it: rendering the pages' React chrome, highlighting, writing the files, starting threads.
// argv: <site folder> [--md <folders with markdown, comma-separated, relative to the site; default:
// all of it>] [--docs <docs folder; default docs>] [--locales <default en>]. Prints JSON:
// { files, pages, markdownCpuMs, searchCpuMs }.

const [siteDir, ...rest] = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = rest.indexOf(name);
  return i === -1 ? fallback : rest[i + 1];
};
const mdDirs = opt('--md', '.').split(',');
const docsDir = opt('--docs', 'docs');
const locales = opt('--locales', 'en').split(',');

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

const textOf = (node) => (node.type === 'text' ? node.value : (node.children ?? []).map(textOf).join(' '));
const files = [...new Set(mdDirs.flatMap((d) => markdownFilesUnder(path.join(siteDir, d))))];
const sources = files.map((f) => fs.readFileSync(f, 'utf8'));
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(remarkRehype).use(rehypeStringify);
const markdown = cpu(() =>
  sources.map((source) => {
    const { content } = matter(source);
    const tree = processor.runSync(processor.parse(content));
    processor.stringify(tree);
    return textOf(tree);
  }),
);

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
    if (!indexes.has(key)) indexes.set(key, []);
    indexes.get(key).push({ id: m[2], text: locale === locales[0] ? text : (translated ?? text) });
  }
}
const search = cpu(() => {
  for (const docs of indexes.values())
    lunr(function () {
      this.ref('id');
      this.field('text');
      for (const d of docs) this.add(d);
    });
});
const pages = [...indexes.values()].reduce((n, docs) => n + docs.length, 0);
console.log(JSON.stringify({ files: files.length, pages, markdownCpuMs: Math.round(markdown.ms), searchCpuMs: Math.round(search.ms) }));
