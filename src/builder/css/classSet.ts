// The classes a site can show: names, and prefixes for names built in code (`alert--${kind}` leaves
// `alert--`: every class starting with it counts as used). The pruner (pruneCss.ts) asks it whether a
// class can be on some element; the collectors (usedClasses.ts) fill it.

export class ClassSet {
  readonly names = new Set<string>();
  readonly prefixes = new Set<string>();

  add(name: string): void {
    this.names.add(name);
  }

  /** A class name built at run time from this start (at least 3 characters: `x-` alone says nothing). */
  addPrefix(prefix: string): void {
    if (prefix.length >= 3) this.prefixes.add(prefix);
  }

  addAll(other: ClassSet): void {
    for (const n of other.names) this.names.add(n);
    for (const p of other.prefixes) this.prefixes.add(p);
  }

  has(name: string): boolean {
    if (this.names.has(name)) return true;
    for (const p of this.prefixes) if (name.startsWith(p)) return true;
    return false;
  }
}

/** The class-like words of a text (a class attribute, a string of code, a selector in a string): split at anything a class name cannot hold. */
export function addWords(set: ClassSet, text: string): void {
  for (const w of text.split(/[^\w-]+/)) {
    if (!w || /^\d/.test(w)) continue;
    set.add(w);
    // A word a class name goes on from (`'alert--' + kind`, a template's `alert--${kind}`): a prefix.
    if (/[-_]$/.test(w)) set.addPrefix(w);
  }
}
