// Splits query words against the index's own word list, so no segmenter ships to the browser:
// a Han run is cut into the fewest dictionary words that cover it (the index was cut by jieba at
// build time, in search mode, so its words include the short words of every long one), and a Latin
// word that the index does not know is tried as two known words (`opcua` → `opc` + `ua`).

/** Longest Han word tried; jieba's dictionary words are rarely longer. */
const MAX_HAN_WORD = 8;

export interface HanSplit {
  words: string[];
  /** Characters at the end not covered by a dictionary word (the reader may still be typing). */
  rest: string;
}

/**
 * `frequency` says in how many places of the index a word occurs (0: not a word of the index).
 * The cut minimises a cost: a word costs 1 (a little less when it is frequent, to break ties between
 * cuts of as many words: 推送|至 rather than 推|送至), a skipped character 3, so covering wins and,
 * among coverings, fewer (longer) words win.
 */
export function splitHan(run: string, frequency: (word: string) => number): HanSplit {
  const n = run.length;
  const cost = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(-1);
  const isWord = new Array<boolean>(n + 1).fill(false);
  cost[0] = 0;
  for (let i = 0; i < n; i++) {
    if (cost[i] === Infinity) continue;
    if (cost[i] + 3 < cost[i + 1]) {
      cost[i + 1] = cost[i] + 3;
      from[i + 1] = i;
      isWord[i + 1] = false;
    }
    for (let len = 1; len <= MAX_HAN_WORD && i + len <= n; len++) {
      const f = frequency(run.slice(i, i + len));
      const wordCost = 1 - Math.min(0.3, Math.log10(1 + f) / 10);
      if (f > 0 && cost[i] + wordCost < cost[i + len]) {
        cost[i + len] = cost[i] + wordCost;
        from[i + len] = i;
        isWord[i + len] = true;
      }
    }
  }
  const pieces: { text: string; word: boolean }[] = [];
  for (let i = n; i > 0; i = from[i]) pieces.unshift({ text: run.slice(from[i], i), word: isWord[i] });
  let rest = '';
  while (pieces.length && !pieces[pieces.length - 1].word) rest = pieces.pop()!.text + rest;
  return { words: pieces.filter((p) => p.word).map((p) => p.text), rest };
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
