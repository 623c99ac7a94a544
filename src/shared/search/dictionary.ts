// Splits query words against the index's own word list, so no segmenter ships to the browser:
// a Han run is cut into the fewest dictionary words that cover it (the index was cut by jieba at
// build time, in search mode, so its words include the short words of every long one), and a Latin
// word that the index does not know is tried as two known words (`opcua` → `opc` + `ua`).
// A query is a phrase more often than a dictionary word (推送到 MySQL, 怎么卸载): its function words
// (the Chinese stop words the build drops, and the words that only make it a question: 怎么, 如何,
// 吗) are cut out as words of their own and dropped, so they neither glue onto a neighbour (推|送到)
// nor have to be found.

/**
 * Function words: lunr-languages' Chinese stop words in their simplified forms (the build drops them
 * from the index: language.ts) and the words that make a query a question or a request. About a
 * kilobyte gzip in the search engine's chunk (esbuild writes each character as `\uXXXX`).
 */
const FUNCTION_WORDS = new Set([
  ...'的一不在人有是为以于上他而后之来及了因下可到由这与也此但并个其已无小我们起最再今去好只又或很亦某把那你乃它吧被比别趁当从得打凡儿尔该各给跟和何还即几既看据距靠啦另么每嘛拿哪您凭且却让仍啥如若使谁誰虽随同所她哇嗡往些向沿哟喲用咱则怎曾至致着诸自吗呢啊呀',
  ...'怎么 怎样 怎么样 如何 什么 为什么 哪些 哪个 哪里 是否 能否 可否 可以 能不能 有没有 是不是 一下 请问 的话'.split(' '),
]);

/** Whether a Han word only makes the query a question or a phrase (dropped from queries). */
export const isFunctionWord = (word: string) => FUNCTION_WORDS.has(word);

/** A function word costs less than a word, so 推送|到 beats 推|送到, and more than half, so 得到 stays whole. */
const FUNCTION_COST = 0.75;

/** Longest Han word tried; jieba's dictionary words are rarely longer. */
const MAX_HAN_WORD = 8;

export interface HanSplit {
  /** The words of the index, function words left out. */
  words: string[];
  /** Characters at the end not covered by a dictionary word (the reader may still be typing). */
  rest: string;
}

/**
 * `frequency` says in how many places of the index a word occurs (0: not a word of the index).
 * The cut minimises a cost: a word costs 1 (a little less when it is frequent, to break ties between
 * cuts of as many words: 推送|至 rather than 推|送至), a skipped character 3, so covering wins and,
 * among coverings, fewer (longer) words win. A function word (isFunctionWord) is a piece of the
 * cut that is dropped; at the end of the run it is `rest`, as the reader may be typing on (至 → 至少).
 */
export function splitHan(run: string, frequency: (word: string) => number): HanSplit {
  const n = run.length;
  const cost = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(-1);
  const kind = new Array<'word' | 'function' | 'skip'>(n + 1).fill('skip');
  cost[0] = 0;
  for (let i = 0; i < n; i++) {
    if (cost[i] === Infinity) continue;
    if (cost[i] + 3 < cost[i + 1]) {
      cost[i + 1] = cost[i] + 3;
      from[i + 1] = i;
      kind[i + 1] = 'skip';
    }
    for (let len = 1; len <= MAX_HAN_WORD && i + len <= n; len++) {
      const piece = run.slice(i, i + len);
      const f = frequency(piece);
      const pieceCost = isFunctionWord(piece) ? FUNCTION_COST : f > 0 ? 1 - Math.min(0.3, Math.log10(1 + f) / 10) : Infinity;
      if (cost[i] + pieceCost < cost[i + len]) {
        cost[i + len] = cost[i] + pieceCost;
        from[i + len] = i;
        kind[i + len] = isFunctionWord(piece) ? 'function' : 'word';
      }
    }
  }
  const pieces: { text: string; kind: 'word' | 'function' | 'skip' }[] = [];
  for (let i = n; i > 0; i = from[i]) pieces.unshift({ text: run.slice(from[i], i), kind: kind[i] });
  let rest = '';
  while (pieces.length && pieces[pieces.length - 1].kind !== 'word') rest = pieces.pop()!.text + rest;
  return { words: pieces.filter((p) => p.kind === 'word').map((p) => p.text), rest };
}

/**
 * Two known words that make up a word, as index terms: the most even cut, then the one whose rarer
 * half is more frequent (`opc` + `ua` rather than `op` + `cua`); undefined if none. `known` gives a
 * piece's term and frequency.
 */
export function splitInTwo(word: string, known: (part: string) => { term: string; frequency: number } | undefined): [string, string] | undefined {
  let best: [string, string] | undefined;
  let bestScore = -1;
  for (let i = 2; i <= word.length - 2; i++) {
    const left = known(word.slice(0, i));
    const right = left && known(word.slice(i));
    if (!left || !right) continue;
    const score = Math.min(i, word.length - i) * 1e6 + Math.min(left.frequency, right.frequency);
    if (score > bestScore) {
      best = [left.term, right.term];
      bestScore = score;
    }
  }
  return best;
}
