import fs from 'node:fs';
import { createRequire } from 'node:module';
import lunr from 'lunr';
import stemmerSupport from 'lunr-languages/lunr.stemmer.support.js';
import zh from 'lunr-languages/lunr.zh.js';
import type { IndexTermsOptions } from '../../../shared/search/normalize.js';

type JiebaModule = typeof import('@node-rs/jieba');

// Build-time language support: jieba cuts Han text (search mode, so a long word is also indexed by
// its shorter words: 安装指南 → 安装, 指南, 安装指南) and lunr-languages' Chinese pipeline drops
// stop words. Neither ships to the browser: it splits queries against the index's own word list.

interface ZhLunr {
  zh: { stopWordFilter: (token: lunr.Token) => lunr.Token | undefined };
}

// Loading jieba's dictionary takes about 0.2 s and registering lunr.zh mutates the lunr module, so
// both happen once per process, on the first Han word an index cuts (the dev server rebuilds often).
// jieba's modules are required then too: imported at start, they cost every build (a warm one whose
// search index is cached too) the reading of jieba's 11 MB of dictionaries (its dict.js reads them
// when it loads) and node's format detection of the modules.
let chinese: IndexTermsOptions | undefined;

function loadChinese(): IndexTermsOptions {
  if (!chinese) {
    const require = createRequire(import.meta.url);
    const { Jieba } = require('@node-rs/jieba') as JiebaModule;
    // The dictionary file itself, not @node-rs/jieba/dict.js: that module reads idf.txt (6.2 MB, for
    // keyword extraction, which the index does not use) too: 38-45 -> 17-20 ms of CPU (4 new processes
    // each, alternating, 22:00 UTC).
    const jieba = Jieba.withDict(fs.readFileSync(require.resolve('@node-rs/jieba/dict.txt')));
    const zhLunr = lunr as unknown as typeof lunr & Partial<ZhLunr>;
    if (!zhLunr.zh) {
      stemmerSupport(lunr);
      zh(lunr);
    }
    const filter = (lunr as unknown as ZhLunr).zh.stopWordFilter;
    chinese = {
      segmentHan: (run) => jieba.cutForSearch(run, true),
      isHanStopWord: (word) => !filter(new lunr.Token(word, {})),
    };
  }
  return chinese;
}

// Loaded when a Han word is first cut: a warm build whose changed texts have none (their terms read
// back from the cache, storedTerms.ts) never loads it.
const lazyChinese: IndexTermsOptions = {
  segmentHan: (run) => loadChinese().segmentHan!(run),
  isHanStopWord: (word) => loadChinese().isHanStopWord!(word),
};

/** Term options for the configured index languages (`en` always; `zh` adds Chinese segmentation). */
export function languageOptions(languages: readonly string[]): IndexTermsOptions {
  return languages.includes('zh') ? lazyChinese : {};
}

/** Loads the languages' support now (the search thread of a cold build, before its pages come). */
export function prepareLanguages(languages: readonly string[]): void {
  if (languages.includes('zh')) loadChinese();
}
