import { describe, expect, it } from 'vitest';
import lunr from 'lunr';
import {
  FIELDS,
  FIELD_BOOSTS,
  decodeLengths,
  decodePostings,
  decodeTerms,
  encodeLengths,
  encodePostings,
  encodeTerms,
  frequencyCode,
  frequencyOf,
  tableEntry,
  type CodeTermsFile,
  type PostingsShard,
  type SearchIndexFile,
} from '../../../../src/shared/search/format.js';
import { searchRows } from '../../../../src/shared/search/rank.js';
import { memoryEngine } from './memoryIndex.js';
import { buildLocaleIndex } from '../../../../src/builder/passes/search/buildIndex.js';
import type { SearchPageInput } from '../../../../src/builder/plugins/api.js';

const pages: SearchPageInput[] = [
  {
    url: '/docs/a',
    title: 'Install Shifu',
    description: 'How to install Shifu',
    keywords: ['setup'],
    breadcrumbs: ['Guides'],
    sections: [
      { level: 1, text: 'Shifu installs on any Kubernetes cluster. Install kind first.' },
      { id: 'kind', heading: 'Install kind', level: 2, text: 'kind runs Kubernetes in Docker, install it with brew.' },
    ],
  },
  {
    url: '/docs/b',
    title: 'deviceShifu',
    breadcrumbs: [],
    sections: [
      {
        id: 'config',
        heading: 'Configuration',
        level: 2,
        text: 'A deviceShifu is configured by a ConfigMap; telemetry settings go there too. serverAddress: kind-host timeoutMs: 3000',
        prose: 'A deviceShifu is configured by a ConfigMap; telemetry settings go there too.',
        code: 'serverAddress: kind-host\ntimeoutMs: 3000',
      },
    ],
  },
  { url: '/news/c', title: 'Shifu is open source', breadcrumbs: ['News'], sections: [{ level: 1, text: 'Shifu is open source under Apache 2.0, and kind to newcomers.' }] },
];

describe('compact index format', () => {
  it('front-codes terms and reads them back', () => {
    const terms = ['deviceshifu', 'devic', 'kind', 'kubernet', '安装', '安装指南'].sort();
    const encoded = encodeTerms(terms);
    expect(encoded.length).toBeLessThan(terms.join(' ').length);
    expect(decodeTerms(encoded)).toEqual(terms);
    expect(decodeTerms('')).toEqual([]);
  });

  it('writes postings as gaps with term frequencies and reads them back', () => {
    const postings = new Map([
      [
        'kind',
        new Map([
          [
            4,
            new Map([
              [3, 1],
              [40, 2],
            ]),
          ],
          [0, new Map([[7, 1]])],
        ]),
      ],
    ]);
    const encoded = encodePostings(postings, ['kind']);
    expect(encoded).toBe('07;43,11*2');
    expect(decodePostings(encoded)).toEqual([
      [0, 7, 1],
      [4, 3, 1],
      [4, 40, 2],
    ]);
  });

  it('rebuilds exactly the index lunr.Builder makes from the same terms, once every shard is loaded', async () => {
    const built = buildLocaleIndex({ locale: 'en', pages, terms: {} });
    const file = JSON.parse(built.index.contents) as SearchIndexFile;
    const engine = memoryEngine(built);
    await engine.loadCode();
    // Code shards follow the main ones, as code terms follow the main terms.
    const terms = [...decodeTerms(file.terms), ...decodeTerms((JSON.parse(built.code!.contents) as CodeTermsFile).terms)];
    await engine.ensure(terms);
    const index = engine.index;

    // The reference: lunr's own builder, fed the postings' term lists.
    const builder = new lunr.Builder();
    builder.pipeline.reset();
    builder.searchPipeline.reset();
    builder.ref('id');
    for (const f of FIELDS) builder.field(f, { boost: FIELD_BOOSTS[f] });
    const docs = file.docs.map((_, id) => Object.fromEntries([['id', String(id)], ...FIELDS.map((f) => [f, [] as string[]])]) as Record<string, string | string[]>);
    const postings = built.shards.flatMap((s) => (JSON.parse(s.contents) as PostingsShard).p.split(' '));
    postings.forEach((encoded, i) => {
      for (const [field, doc, tf] of decodePostings(encoded)) for (let n = 0; n < tf; n++) (docs[doc][FIELDS[field]] as string[]).push(terms[i]);
    });
    expect(postings.length).toBe(terms.length);
    for (const doc of docs) builder.add(doc);
    const reference = builder.build();

    // Vector positions are lunr's own numbering of terms (first seen, for the builder): compare by term.
    const vectors = (i: lunr.Index) => {
      const inner = i as unknown as { fieldVectors: Record<string, { elements: number[] }>; invertedIndex: Record<string, { _index: number }> };
      const termOf = new Map(Object.entries(inner.invertedIndex).map(([term, p]) => [p._index, term]));
      const out: Record<string, Record<string, number>> = {};
      for (const [ref, v] of Object.entries(inner.fieldVectors)) {
        for (let k = 0; k < v.elements.length; k += 2) (out[ref] ??= {})[termOf.get(v.elements[k])!] = v.elements[k + 1];
      }
      return out;
    };
    expect(vectors(index)).toEqual(vectors(reference));
    const ask = (i: lunr.Index) => i.query((q) => q.term('kind', { usePipeline: false })).map((r) => [r.ref, r.score]);
    expect(ask(index)).toEqual(ask(reference));
    expect(ask(index).length).toBe(4);
  });

  it('keeps the terms only code holds in a file of their own, fetched only by a query that needs them', async () => {
    const built = buildLocaleIndex({ locale: 'en', pages, terms: {} });
    const file = JSON.parse(built.index.contents) as SearchIndexFile;
    const code = JSON.parse(built.code!.contents) as CodeTermsFile;
    expect(decodeTerms(code.terms)).toEqual(expect.arrayContaining(['3000', 'kind-host', 'serveraddress', 'server']));
    // A term of prose and code (`kind`) stays in the main list, and no term is in both.
    expect(decodeTerms(code.terms)).not.toContain('kind');
    expect(decodeTerms(file.terms)).toContain('kind');
    expect(decodeTerms(file.terms).filter((t) => decodeTerms(code.terms).includes(t))).toEqual([]);
    const engine = memoryEngine(built);
    const pagesOf = async (query: string) => [...new Set((await searchRows(engine, query, { limit: 8 })).map((r) => r.u))];
    expect(await pagesOf('install kind')).toEqual(['/docs/a']);
    expect(await pagesOf('config')).toEqual(['/docs/b']);
    expect(engine.fetched.some((u) => u.includes('.c.'))).toBe(false);
    expect(await pagesOf('serverAddress')).toEqual(['/docs/b']);
    expect(engine.fetched.filter((u) => u.includes('.c.'))).toEqual([file.code]);
    const typing = memoryEngine(built);
    expect([...new Set((await searchRows(typing, 'timeoutM', { limit: 8 })).map((r) => r.u))]).toEqual(['/docs/b']);
    expect(typing.fetched).toContain(file.code);
  });

  it('keeps lengths and coarse frequencies', () => {
    expect(decodeLengths(encodeLengths([0, 3, 40, 0]))).toEqual([0, 3, 40, 0]);
    for (const df of [0, 1, 2, 5, 30, 400]) expect(Math.abs(frequencyOf(frequencyCode(df)) - df)).toBeLessThanOrEqual(Math.max(1, df * 0.1));
  });

  it('loads only the postings shards a query needs', async () => {
    const many: SearchPageInput[] = Array.from({ length: 60 }, (_, i) => ({
      url: `/p${i}`,
      title: `Page ${i} ${'word'.repeat(1)}${i}`,
      breadcrumbs: [],
      sections: [{ level: 1, text: Array.from({ length: 200 }, (_, k) => `term${(i * 200 + k).toString(36)}`).join(' ') }],
    }));
    const built = buildLocaleIndex({ locale: 'en', pages: many, terms: {} });
    expect(built.shards.length).toBeGreaterThan(3);
    const engine = memoryEngine(built);
    await engine.ensure(['term0', 'term1']);
    expect(engine.fetched.length).toBe(1);
    await engine.ensure(['term0', 'word0']);
    expect(engine.fetched.length).toBeLessThanOrEqual(2);
    expect(new Set(engine.fetched).size).toBe(engine.fetched.length);
  });

  it('finds the text of every section through the text table, the files about 8 KB', () => {
    const many: SearchPageInput[] = Array.from({ length: 60 }, (_, i) => ({
      url: `/p${i}`,
      title: `Page ${i}`,
      breadcrumbs: [],
      sections: [
        { level: 1, text: `intro ${i} `.repeat(40).trim() },
        { id: 'a', heading: 'A', level: 2, text: `section ${i} `.repeat(60).trim() },
      ],
    }));
    const built = buildLocaleIndex({ locale: 'en', pages: many, terms: {} });
    const file = JSON.parse(built.index.contents) as SearchIndexFile;
    const texts = built.texts.map((t) => (JSON.parse(t.contents) as { s: string[] }).s);
    expect(texts.length).toBeGreaterThan(5);
    for (const t of built.texts) expect(Buffer.byteLength(t.contents)).toBeLessThan(8_200);
    file.docs.forEach(([page, heading], doc) => {
      const n = tableEntry(file.texts, doc);
      const text = texts[n][doc - file.texts[n][0]];
      const i = file.pages[page].u.slice(2);
      expect(text).toBe((heading ? `section ${i} ` : `intro ${i} `).repeat(heading ? 60 : 40).trim());
    });
  });

  it('names files by a hash of their content, the others relative to the index', () => {
    const a = buildLocaleIndex({ locale: 'en', pages, terms: {} });
    const b = buildLocaleIndex({ locale: 'en', pages: [...pages].reverse(), terms: {} });
    expect(a.index.path).toMatch(/^assets\/search\/en\.[0-9a-f]{10}\.json$/);
    for (const f of [a.code!, ...a.shards, ...a.texts]) expect(f.path).toMatch(/^assets\/search\/en\.[cpt]\.[0-9a-f]{10}\.json$/);
    expect(b.index.path).toBe(a.index.path);
    const changed = buildLocaleIndex({ locale: 'en', pages: [{ ...pages[0], title: 'Install Shifu now' }, ...pages.slice(1)], terms: {} });
    expect(changed.index.path).not.toBe(a.index.path);
    const file = JSON.parse(a.index.contents) as SearchIndexFile;
    expect(file.texts.map(([, url]) => `assets/search/${url}`)).toEqual(a.texts.map((t) => t.path));
    const code = JSON.parse(a.code!.contents) as CodeTermsFile;
    expect(`assets/search/${file.code}`).toBe(a.code!.path);
    expect([...file.shards, ...code.shards].map(([, url]) => `assets/search/${url}`)).toEqual(a.shards.map((s) => s.path));
    // Small sections share a text file, in doc order.
    expect(JSON.parse(a.texts[0].contents).s.slice(0, 2)).toEqual(['Shifu installs on any Kubernetes cluster. Install kind first.', 'kind runs Kubernetes in Docker, install it with brew.']);
  });
});
