import { cacheKey, valueKey } from '../../cacheKey.js';
import { indexTerms, type IndexTermsOptions } from '../../../shared/search/normalize.js';
import { contextIndexes, type SearchInput } from './index.js';
import type { LocaleSearchFiles } from './buildIndex.js';
import { RepeatedTexts, type TermsSource } from './repeatedTexts.js';
import type { CountsStore, StoredCounts } from './storedCounts.js';

// The terms of a context's section texts, kept with its files in the cache on disk (thread.ts): when
// one doc of the context changes, its other texts are not cut again (cutting was 208 of the 296 ms the
// search thread spent on the English context of the Shifu site after one edit), and jieba, which
// only a Han word needs (language.ts), is not loaded for an edit without one. Each text's terms are
// one string (joined by NUL, which no term holds), by a hash of the text: reading them back costs a
// build little. A text's terms depend on the search languages too (Han words are segmented with `zh`
// only: language.ts): the terms are kept with the key of the languages they were cut for, and terms cut
// for other languages are not read back.

/**
 * A context's terms: the key of the languages they were cut for, [hash of a text, its terms joined by
 * NUL][], and the context's terms as counted (storedCounts.ts: a build that changed a few pages counts
 * only those).
 */
export interface StoredTerms {
  languages: string;
  texts: [string, string][];
  counts?: StoredCounts;
}

class StoredTermsSource implements TermsSource {
  private readonly known: Map<string, string>;
  private readonly used = new Map<string, string>();
  private readonly hashes = new Map<string, string>();
  private kept: StoredCounts | undefined;
  readonly counts: CountsStore;

  constructor(
    known: StoredTerms | undefined,
    private readonly languages: string,
    private fallback: TermsSource,
    entry: SearchInput['locales'][number],
  ) {
    // Terms cut for other languages, or kept in an older layout (an array), are not read back.
    const same = known?.languages === languages;
    this.known = new Map(same ? known.texts : undefined);
    // With most texts' terms known, the few cut are cut as they come: counting every text to find
    // those repeated (repeatedTexts.ts) took 9-16 ms of CPU per build of the Shifu site's English
    // context with one doc edited.
    if (this.known.size) this.fallback = { terms: indexTerms };
    const pages = entry.pages;
    this.counts = {
      previous: same ? known.counts : undefined,
      keys: () => entry.keys ?? pages.map(valueKey),
      textKey: (text) => this.hash(text),
      reuseText: (hash) => {
        const joined = this.known.get(hash);
        if (joined !== undefined) this.used.set(hash, joined);
      },
      keep: (counts) => (this.kept = counts),
    };
  }

  private hash(text: string): string {
    let hash = this.hashes.get(text);
    if (hash === undefined) this.hashes.set(text, (hash = cacheKey(text)));
    return hash;
  }

  terms(text: string, options: IndexTermsOptions): string[] {
    const hash = this.hash(text);
    const joined = this.used.get(hash) ?? this.known.get(hash);
    if (joined !== undefined) {
      this.used.set(hash, joined);
      return joined ? joined.split('\u0000') : [];
    }
    const terms = this.fallback.terms(text, options);
    this.used.set(hash, terms.join('\u0000'));
    return terms;
  }

  /** The terms of the texts this build's index used, and its counts. */
  dump(): StoredTerms {
    return { languages: this.languages, texts: [...this.used], ...(this.kept ? { counts: this.kept } : {}) };
  }
}

/**
 * Each context's index, made with the terms known of its texts (`known`, in the order of
 * `input.locales`), and the terms of the texts it used. `known` undefined: a build with no cache to
 * keep them in, whose texts' terms are neither hashed, joined nor returned (`terms` is empty): the
 * 10,000-docs folder site's search thread hashed and joined the terms of its 20,000 texts and sent
 * them (11 MB more to post) to a build that dropped them. Its search input indexed and serialised as
 * the thread posts it, 6 rounds alternating in one process (03:15 UTC, load 20): median 2,750 ->
 * 2,140 ms of CPU.
 */
export function indexContexts(
  input: SearchInput,
  known: (StoredTerms | undefined)[] | undefined,
  options: { consume?: boolean; afterLocale?: () => void } = {},
): { contexts: LocaleSearchFiles[]; terms: StoredTerms[] } {
  // Texts no context knows: a text several contexts hold is cut once (repeatedTexts.ts). With terms
  // known, counted when a text is first cut: a build that knows the terms of most texts (one doc
  // edited) cuts few, and counting every text of the Shifu site's English context took 9-10 ms of CPU
  // for those (16:30 UTC). Not when the contexts' pages are let go as they are indexed (`consume`):
  // the texts are counted before.
  let repeated = !known || options.consume ? new RepeatedTexts(input) : undefined;
  const fallback: TermsSource = { terms: (text, options) => (repeated ??= new RepeatedTexts(input)).terms(text, options) };
  if (!known) return { contexts: contextIndexes(input, undefined, { ...options, memo: () => fallback }), terms: [] };
  const languages = cacheKey(input.language);
  const sources = input.locales.map((entry, i) => new StoredTermsSource(known[i], languages, fallback, entry));
  const contexts = contextIndexes(input, undefined, { ...options, memo: (i) => sources[i] });
  return { contexts, terms: sources.map((s) => s.dump()) };
}
