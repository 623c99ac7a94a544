import fs from 'node:fs';

// Where a sidebars file writes an item, for messages: the value a sidebars file exports has no
// positions (a .js file computes it), so each item is looked for in the file's text, in order, after
// its parent: a sidebar by its key, a category by its label, any other item by the value that names it
// (its id, label, href, dirName). Best effort: an item the text does not show (built by code) takes its
// parent's line.

export interface SourceSpot {
  /** Offset in the file's text where the search for the next item starts. */
  offset: number;
  line?: number;
}

export interface SidebarsLocator {
  /** The start of the file. */
  root: SourceSpot;
  /** A sidebar id or a shorthand category label written as an object key (`Guides: [...]`, `'Guides': [...]`). */
  key(from: SourceSpot, key: string): SourceSpot;
  /** The first of `literals` written as a string (`'intro'`, `"Guides"`) after `from`. */
  literal(from: SourceSpot, literals: string[]): SourceSpot;
}

export function sidebarsLocator(file: string): SidebarsLocator {
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    // No text, no lines: every item keeps its path only.
  }
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const find = (from: SourceSpot, pattern: string): SourceSpot => {
    if (!text) return from;
    const re = new RegExp(pattern, 'g');
    re.lastIndex = from.offset;
    const m = re.exec(text);
    return m ? { offset: m.index + m[0].length, line: lineAt(m.index) } : from;
  };
  return {
    root: { offset: 0 },
    key: (from, key) => find(from, `(['"\`]?)${escape(key)}\\1\\s*:`),
    literal: (from, literals) => {
      const spots = literals.map((l) => find(from, `['"\`]${escape(l)}['"\`]`)).filter((s) => s !== from);
      return spots.length ? spots.reduce((a, b) => (b.offset < a.offset ? b : a)) : from;
    },
  };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
