import crypto from 'node:crypto';
import lunr from 'lunr';
import type { SearchPageInput } from '../../render/types.js';
import { FIELDS, INDEX_FORMAT_VERSION, encodePostings, encodeTerms, type IndexedPage, type SearchIndexFile, type TextShard } from '../../../shared/search/format.js';
import { indexTerms, type IndexTermsOptions } from '../../../shared/search/normalize.js';
import { sectionDocuments, type SectionDocument } from './documents.js';

// Builds the search files of one locale: lunr.Builder counts the terms of every section document
// (the pipeline is empty: our shared tokenizer already made the terms), then its term frequencies
// are written as compact postings, and each page's section texts as a small file of its own.

export interface SearchFile {
  /** Path under the output folder (and under the base url). */
  path: string;
  contents: string;
}

export interface LocaleSearchFiles {
  /** The main index, which names the text files. */
  index: SearchFile;
  texts: SearchFile[];
}

type Postings = Map<string, Map<number, Map<number, number>>>;

export function buildLocaleIndex(params: { locale: string; pages: SearchPageInput[]; terms: IndexTermsOptions }): LocaleSearchFiles {
  const { locale } = params;
  const pages = [...params.pages].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const docs: SectionDocument[] = pages.flatMap((page, i) => sectionDocuments(page, i));
  const postings = countTerms(docs, params.terms);
  const terms = [...postings.keys()].sort();

  const texts: SearchFile[] = [];
  const indexedPages: IndexedPage[] = pages.map((page, i) => {
    const shard: TextShard = { s: docs.filter((d) => d.page === i).map((d) => d.text) };
    const text = hashedFile(`assets/search/${locale}/`, JSON.stringify(shard));
    texts.push(text);
    return {
      t: page.title,
      u: page.url,
      b: page.breadcrumbs,
      ...(page.description ? { d: page.description } : {}),
      ...(page.keywords?.length ? { k: page.keywords } : {}),
      // Relative to the index file, so the files can move together under any base url.
      x: text.path.slice('assets/search/'.length),
    };
  });
  const file: SearchIndexFile = {
    v: INDEX_FORMAT_VERSION,
    locale,
    terms: encodeTerms(terms),
    postings: encodePostings(postings, terms),
    pages: indexedPages,
    docs: docs.map((d) => [d.page, d.heading, d.hash]),
  };
  return { index: hashedFile(`assets/search/${locale}.`, JSON.stringify(file)), texts };
}

function countTerms(docs: SectionDocument[], options: IndexTermsOptions): Postings {
  const builder = new lunr.Builder();
  builder.pipeline.reset();
  builder.searchPipeline.reset();
  builder.metadataWhitelist = [];
  builder.ref('id');
  for (const field of FIELDS) builder.field(field);
  // A page's title is in each of its sections: cut it once.
  const cache = new Map<string, string[]>();
  const termsOf = (text: string | undefined) => {
    if (!text) return [];
    let terms = cache.get(text);
    if (!terms) cache.set(text, (terms = indexTerms(text, options)));
    return terms;
  };
  docs.forEach((doc, id) => {
    const fields: Record<string, unknown> = { id: String(id) };
    for (const field of FIELDS) fields[field] = field === 'c' ? indexTerms(doc.fields.c ?? '', options) : termsOf(doc.fields[field]);
    builder.add(fields);
  });
  const frequencies = (builder as unknown as { fieldTermFrequencies: Record<string, Record<string, number>> }).fieldTermFrequencies;
  const postings: Postings = new Map();
  for (const [fieldRef, counts] of Object.entries(frequencies)) {
    const slash = fieldRef.indexOf('/');
    const field = FIELDS.indexOf(fieldRef.slice(0, slash) as (typeof FIELDS)[number]);
    const doc = Number(fieldRef.slice(slash + 1));
    for (const [term, tf] of Object.entries(counts)) {
      let byField = postings.get(term);
      if (!byField) postings.set(term, (byField = new Map()));
      let byDoc = byField.get(field);
      if (!byDoc) byField.set(field, (byDoc = new Map()));
      byDoc.set(doc, tf);
    }
  }
  return postings;
}

function hashedFile(prefix: string, contents: string): SearchFile {
  const hash = crypto.createHash('sha256').update(contents).digest('hex').slice(0, 10);
  return { path: `${prefix}${hash}.json`, contents };
}
