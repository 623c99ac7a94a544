import fs from 'node:fs';
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import lunr from 'lunr';

// The floor of a site's build with the stack sitegen is made of: the CPU time the libraries alone
// take for the site's content, on one thread of a fresh process (cold, as a build is), with none of
// sitegen's own work. `npm run bench -- --only floor` runs it on the versioned synthetic site.
//   markdown: every markdown file through remark (GFM, directives), to hast and to HTML;
//   search:   lunr's index of every doc page's text, one index per version and locale, with lunr's
//             English pipeline for all of them (jieba and the Chinese pipeline, which the site's
//             zh-Hans pages need, cost more: this is below the real cost).
// Not in it: rendering the pages' React chrome, highlighting, writing the files, starting threads.
// argv: <site folder>. Prints JSON: { files, pages, markdownCpuMs, searchCpuMs }.

const siteDir = process.argv[2];
const cpu = (fn) => {
  const start = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
};

function markdownFilesUnder(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...markdownFilesUnder(p));
    else if (/\.mdx?$/.test(e.name)) out.push(p);
  }
  return out;
}

const textOf = (node) => (node.type === 'text' ? node.value : (node.children ?? []).map(textOf).join(' '));
const files = markdownFilesUnder(siteDir);
const sources = files.map((f) => fs.readFileSync(f, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''));
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(remarkRehype).use(rehypeStringify);
const markdown = cpu(() =>
  sources.map((source) => {
    const tree = processor.runSync(processor.parse(source));
    processor.stringify(tree);
    return textOf(tree);
  }),
);

// The doc pages of each version and locale: a translated doc's own text, else the untranslated one's.
const texts = new Map(files.map((f, i) => [path.relative(siteDir, f), markdown.value[i]]));
const indexes = new Map();
for (const [file, text] of texts) {
  const m = /^(?:docs|versioned_docs\/(version-[^/]+))\/(.*)$/.exec(file);
  if (!m) continue;
  const version = m[1] ?? 'current';
  for (const locale of ['en', 'zh-Hans']) {
    const translated = texts.get(`i18n/${locale}/docusaurus-plugin-content-docs/${version}/${m[2]}`);
    const key = `${version}/${locale}`;
    if (!indexes.has(key)) indexes.set(key, []);
    indexes.get(key).push({ id: m[2], text: locale === 'en' ? text : (translated ?? text) });
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
