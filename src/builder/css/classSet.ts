// The classes a site can show: names, and prefixes for names built in code (`alert--${kind}` leaves
// `alert--`: every class starting with it counts as used); and the elements it can show: the tags of
// its markup and JSX, and any word of its code's strings (`jsx("kbd")`, `createElement('mark')`,
// `'<hr>'`). The pruner (pruneCss.ts) asks it whether a class or an element can be on some page; the
// collectors (usedClasses.ts) fill it.

export class ClassSet {
  readonly names = new Set<string>();
  readonly prefixes = new Set<string>();
  /** Tag names of markup and JSX (lower case). */
  readonly elements = new Set<string>();

  add(name: string): void {
    this.names.add(name);
  }

  /**
   * A name, and a prefix too when `prefix` says so (addWords): one call whether it is one or not. A
   * call to addPrefix only for the few words that are was met by the optimised addWords with no type
   * feedback for it, which then ran unoptimised and was compiled again.
   */
  addWord(word: string, prefix: boolean): void {
    this.names.add(word);
    if (prefix) this.addPrefix(word);
  }

  /** A class name built at run time from this start (at least 3 characters: `x-` alone says nothing). */
  addPrefix(prefix: string): void {
    if (prefix.length >= 3) this.prefixes.add(prefix);
  }

  addElement(tag: string): void {
    this.elements.add(tag.toLowerCase());
  }

  /** Whether a text's words were read into this set already (addWords); from now on they count as read. */
  read(text: string): boolean {
    if (this.texts.has(text)) return true;
    this.texts.add(text);
    return false;
  }

  private readonly texts = new Set<string>();

  addAll(other: ClassSet): void {
    for (const n of other.names) this.names.add(n);
    for (const p of other.prefixes) this.prefixes.add(p);
    for (const e of other.elements) this.elements.add(e);
  }

  /** Whether an element of this type can be on a page: in its markup, or a word of its code (more than the pages show, never less). */
  hasElement(tag: string): boolean {
    const t = tag.toLowerCase();
    return ALWAYS.has(t) || this.elements.has(t) || this.names.has(t) || this.names.has(tag);
  }

  has(name: string): boolean {
    if (this.names.has(name)) return true;
    for (const p of this.prefixes) if (name.startsWith(p)) return true;
    return false;
  }
}

/** Elements every page has, or the browser adds (a table's `tbody`), written or not. */
const ALWAYS = new Set(['html', 'head', 'body', 'tbody']);

/** The class-like words of a text (a class attribute, a string of code, a selector in a string): split at anything a class name cannot hold. */
export function addWords(set: ClassSet, text: string): void {
  // What text.split(/[^\w-]+/) gives, skipping empty words and those starting with a digit, each word
  // found by one global expression: a split and two regular expressions per word took ~25 ms of CPU
  // reading a Shifu build's 40 scripts' strings (fresh process, as in a cold build), a loop by
  // character code ~15 ms, and this, of the scripts' 53 ms, 2.4 ms less (medians of 8 alternating
  // runs, 21:57 UTC, load 1.5; 18 M instructions fewer under callgrind, and 17 M fewer for the pages).
  WORDS.lastIndex = 0;
  for (let m = WORDS.exec(text); m; m = WORDS.exec(text)) {
    const w = m[0];
    const first = w.charCodeAt(0);
    if (first >= 48 && first <= 57) continue;
    // A word a class name goes on from (`'alert--' + kind`, a template's `alert--${kind}`): a prefix.
    const last = w.charCodeAt(w.length - 1);
    set.addWord(w, last === 45 || last === 95);
  }
}
const WORDS = /[\w-]+/g;
