import { findTerms, type Range } from './highlight.js';

// How closely a section holds a query's words, read from its text (the index stores no positions:
// they would make it a sixth larger). Two signals, each worth up to half again the section's score:
// - phrase: consecutive query words found next to each other (`AuthenticationMode: Anonymous`,
//   `rosbridge websocket`), as a share of the query's adjacent pairs;
// - window: the shortest stretch of text holding one occurrence of every word found, against the
//   length those words take alone, times the share of the words found.
// A section that holds the query as typed, letter for letter with the words the index drops
// (`temperature is too high`), is the closest it can be. A page that holds the words together
// outranks one that holds one of them many times.

const PHRASE_WEIGHT = 0.5;
const WINDOW_WEIGHT = 0.5;
/** Characters between two words that still make them a phrase (a space, `: `, `_`, `. `). */
const PHRASE_GAP = /^[^\p{L}\p{N}\n]{0,3}$/u;

/** Lowercase letters and digits, every run of anything else one space: how texts are compared whole. */
export const bareText = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The factor (1 to 2) a section's score is multiplied by; `groups` are the query words' index terms,
 * in query order. `phrase`: the section matched the words joined into one (`opcua`), the closest they
 * can be; `typed`: the query as typed, in bareText, found whole in the text makes it as close.
 */
export function closeness(text: string, groups: Iterable<string>[], options: { phrase?: boolean; typed?: string } = {}): number {
  if (options.phrase || (options.typed && options.typed.includes(' ') && bareText(text).includes(options.typed))) return 1 + PHRASE_WEIGHT + WINDOW_WEIGHT;
  const found = [...groups].map((terms) => findTerms(text, terms));
  const present = found.filter((r) => r.length).length;
  if (present < 2) return 1;
  let pairs = 0;
  for (let i = 0; i + 1 < found.length; i++) if (adjacent(text, found[i], found[i + 1])) pairs++;
  const span = shortestWindow(found.filter((r) => r.length));
  const own = found.filter((r) => r.length).reduce((n, r) => n + Math.min(...r.map(([s, e]) => e - s)), 0);
  // Words next to each other (a phrase gap apart) make a window of full closeness.
  const tight = Math.min(1, (own + 3 * (present - 1)) / span);
  return 1 + PHRASE_WEIGHT * (pairs / (found.length - 1)) + WINDOW_WEIGHT * tight * (present / found.length);
}

function adjacent(text: string, left: Range[], right: Range[]): boolean {
  let j = 0;
  for (const [, end] of left) {
    while (j < right.length && right[j][0] < end) j++;
    if (j < right.length && right[j][0] - end <= 3 && PHRASE_GAP.test(text.slice(end, right[j][0]))) return true;
  }
  return false;
}

/** Length of the shortest stretch holding a range of every list (each list sorted by start). */
function shortestWindow(lists: Range[][]): number {
  const events = lists.flatMap((list, g) => list.map(([s, e]) => ({ s, e, g }))).sort((a, b) => a.s - b.s);
  const count = new Array<number>(lists.length).fill(0);
  let covered = 0;
  let best = Infinity;
  let from = 0;
  for (let to = 0; to < events.length; to++) {
    if (count[events[to].g]++ === 0) covered++;
    while (covered === lists.length) {
      const end = Math.max(...events.slice(from, to + 1).map((x) => x.e));
      best = Math.min(best, end - events[from].s);
      if (--count[events[from].g] === 0) covered--;
      from++;
    }
  }
  return best;
}
