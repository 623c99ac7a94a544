import type { SearchInput } from './index.js';
import type { SearchPageInput } from '../../render/types.js';
import { repeats } from './repeatedTexts.js';

// The search input as the search thread receives it: each context's pages as one JSON text, read
// back when the thread comes to that context, and the texts repeated across contexts counted here.
// The thread makes a full collection after each context's index (worker.ts, to keep the peak memory
// of a build under its budget); as objects, the pages not yet indexed were much of what each of
// those collections had to mark, and a text is marked at once, whatever its length: the versioned
// synthetic site's 24 collections took 0.61 s instead of 0.84 s (`node --trace-gc`, one build each).

export interface PackedSearchInput {
  baseUrl: string;
  language: string[];
  repeats: [string, number][];
  locales: { locale: string; name: string; pagesJson: string }[];
}

export function packSearchInput(input: SearchInput): PackedSearchInput {
  return {
    baseUrl: input.baseUrl,
    language: input.language,
    repeats: repeats(input),
    locales: input.locales.map(({ locale, name, pages }) => ({ locale, name, pagesJson: JSON.stringify(pages) })),
  };
}

/**
 * The input again, each context's pages parsed when first read (and let go when replaced). It takes
 * the texts out of `packed` (a message this thread owns), so that each is let go once read.
 */
export function unpackSearchInput(packed: PackedSearchInput): SearchInput {
  return {
    baseUrl: packed.baseUrl,
    language: packed.language,
    locales: packed.locales.map((entry) => {
      const { locale, name } = entry;
      let json: string | undefined = entry.pagesJson;
      entry.pagesJson = '';
      let pages: SearchPageInput[] | undefined;
      return {
        locale,
        name,
        get pages(): SearchPageInput[] {
          if (!pages) {
            pages = JSON.parse(json ?? '[]') as SearchPageInput[];
            json = undefined;
          }
          return pages;
        },
        set pages(value: SearchPageInput[]) {
          pages = value;
          json = undefined;
        },
      };
    }),
  };
}
