import { indexTerms, type IndexTermsOptions } from '../../../shared/search/normalize.js';
import type { SearchPageInput } from '../../plugins/api.js';
import type { CountsStore } from './storedCounts.js';

// Within one cold build the same section text is often indexed more than once: a page shown in a
// locale without its translation carries the text of the original, in that locale's index too (two
// thirds of the Chinese doc pages of the versioned benchmark site, bench/versioned.ts). Cutting a text
// into terms is most of the search thread's work (jieba, then the Latin rules: 3.2 of 5.5 s in a CPU
// profile of that site's build), and the terms depend only on the text and the build's one language
// setting, so a repeated text is cut once. Only texts that occur again are kept, each until its last
// use: the worker's copy of the pages is let go as it indexes (index.ts), and this keeps no more alive.

/** Where countTerms (buildIndex.ts) takes a text's terms from. */
export interface TermsSource {
  terms(text: string, options: IndexTermsOptions): string[];
  /** With the cache on disk: the context's counts of the build before, and where this build's go. */
  counts?: CountsStore;
}

export class RepeatedTexts implements TermsSource {
  /** Uses left of each text indexed more than once, and its terms once cut. */
  private readonly left = new Map<string, number>();
  private readonly cut = new Map<string, string[]>();

  /** Counts the section texts of every context of the input (the `c` field of each section document). */
  constructor(input: { locales: { pages: Pick<SearchPageInput, 'sections'>[] }[] }) {
    for (const { pages } of input.locales) for (const page of pages) for (const s of page.sections) if (s.text) this.left.set(s.text, (this.left.get(s.text) ?? 0) + 1);
    for (const [text, uses] of this.left) if (uses < 2) this.left.delete(text);
  }

  terms(text: string, options: IndexTermsOptions): string[] {
    const left = this.left.get(text);
    if (left === undefined) return indexTerms(text, options);
    const terms = this.cut.get(text) ?? indexTerms(text, options);
    if (left > 1) {
      this.left.set(text, left - 1);
      this.cut.set(text, terms);
    } else {
      this.left.delete(text);
      this.cut.delete(text);
    }
    return terms;
  }
}
