import { cacheKey } from '../../cacheKey.js';
import type { IndexTermsOptions } from '../../../shared/search/normalize.js';
import { contextIndexes, type SearchInput } from './index.js';
import type { LocaleSearchFiles } from './buildIndex.js';
import { RepeatedTexts, type TermsSource } from './repeatedTexts.js';

// The terms of a context's section texts, kept with its files in the cache on disk (thread.ts): when
// one doc of the context changes, its other texts are not cut again (cutting was 208 of the 296 ms the
// search thread spent on the English context of the Shifu site after one edit), and jieba, which
// only a Han word needs (language.ts), is not loaded for an edit without one. Each text's terms are
// one string (joined by NUL, which no term holds), by a hash of the text: reading them back costs a
// build little. A text's terms depend on the search languages too (Han words are segmented with `zh`
// only: language.ts): the terms are kept with the key of the languages they were cut for, and terms cut
// for other languages are not read back.

/** A context's terms: the key of the languages they were cut for, and [hash of a text, its terms joined by NUL][]. */
export interface StoredTerms {
  languages: string;
  texts: [string, string][];
}

class StoredTermsSource implements TermsSource {
  private readonly known: Map<string, string>;
  private readonly used = new Map<string, string>();

  constructor(
    known: StoredTerms | undefined,
    private readonly languages: string,
    private readonly fallback: TermsSource,
  ) {
    // Terms cut for other languages, or kept in an older layout (an array), are not read back.
    this.known = new Map(known?.languages === languages ? known.texts : undefined);
  }

  terms(text: string, options: IndexTermsOptions): string[] {
    const hash = cacheKey(text);
    const joined = this.used.get(hash) ?? this.known.get(hash);
    if (joined !== undefined) {
      this.used.set(hash, joined);
      return joined ? joined.split('\u0000') : [];
    }
    const terms = this.fallback.terms(text, options);
    this.used.set(hash, terms.join('\u0000'));
    return terms;
  }

  /** The terms of the texts this build's index used. */
  dump(): StoredTerms {
    return { languages: this.languages, texts: [...this.used] };
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
  const sources = input.locales.map((_, i) => new StoredTermsSource(known[i], languages, fallback));
  const contexts = contextIndexes(input, undefined, { ...options, memo: (i) => sources[i] });
  return { contexts, terms: sources.map((s) => s.dump()) };
}
