// Where things are in a markdown file's front matter, for messages: the lines of the YAML block and
// the line of a key path in it. gray-matter reports neither (it only parses), and reads the block as
// it follows the opening `---` line: a BOM before it is dropped, and the block's line 0 is the rest of
// that `---` line (empty, or a language such as `---yaml`).
import fs from 'node:fs';

export interface FrontMatterBlock {
  /** 1-based source line of the opening `---`. */
  openLine: number;
  /** 1-based source line of the closing `---` (the line after the source's last when there is none). */
  closeLine: number;
  /** The source's lines (BOM dropped, line ends without `\r`). */
  lines: string[];
}

/** The front matter block of a source as gray-matter finds it (it opens on the very first line), if any. */
function frontMatterBlock(source: string): FrontMatterBlock | undefined {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  if (!text.startsWith('---') || text.charAt(3) === '-') return undefined;
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  let close = lines.findIndex((l, i) => i > 0 && l.startsWith('---'));
  if (close < 0) close = lines.length;
  return { openLine: 1, closeLine: close + 1, lines };
}

/** Source line (1-based) of a YAML parse error at 0-based `markLine` of gray-matter's block, kept inside the block. */
export function yamlErrorLine(source: string, markLine: number): number {
  const block = frontMatterBlock(source);
  const line = markLine + 1;
  if (!block) return Math.max(1, line);
  // An error found at the end of the stream (an unclosed bracket or quote) points at the block's last line.
  return Math.min(Math.max(line, block.openLine + 1), Math.max(block.closeLine - 1, block.openLine + 1));
}

/**
 * Best-effort line of a key path (`['tags', 1]`, `['authors', 'name']`) in the front matter: the
 * deepest part of the path found below its parent (block style: `key:` lines and `- ` items; a flow
 * value such as `[a, b]` keeps its key's line).
 */
export function frontMatterKeyLine(source: string, keyPath: readonly PropertyKey[]): number | undefined {
  const block = frontMatterBlock(source);
  if (!block || !keyPath.length) return undefined;
  const { lines } = block;
  const end = block.closeLine - 1; // 0-based index of the closing line
  const indentOf = (i: number) => lines[i].length - lines[i].trimStart().length;
  const skip = (i: number) => !lines[i].trim() || lines[i].trimStart().startsWith('#');
  let found: number | undefined; // 0-based index of the deepest part found so far
  let from = block.openLine; // 0-based index of the first YAML line
  let parentIndent = -1;
  let itemLine = -1; // a `- key: x` item: its first key is on the item's own line
  for (const part of keyPath) {
    let hit: number | undefined;
    if (typeof part === 'number') {
      let itemIndent: number | undefined;
      let n = -1;
      for (let i = from; i < end && hit === undefined; i++) {
        if (skip(i)) continue;
        const ind = indentOf(i);
        const item = lines[i].trimStart().startsWith('-');
        if (ind < parentIndent || (ind === parentIndent && !item)) break;
        if (item && (itemIndent ?? ind) === ind) {
          itemIndent = ind;
          if (++n === part) hit = i;
        }
      }
    } else {
      const re = new RegExp(`^\\s*(?:- )?(['"]?)${String(part).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1\\s*:`);
      for (let i = from; i < end && hit === undefined; i++) {
        if (skip(i)) continue;
        const ind = indentOf(i);
        if (found === undefined ? ind !== 0 : ind <= parentIndent && i !== itemLine) {
          if (found === undefined) continue;
          break;
        }
        if (re.test(lines[i])) hit = i;
      }
    }
    if (hit === undefined) break;
    found = hit;
    parentIndent = indentOf(hit);
    itemLine = typeof part === 'number' ? hit : -1;
    from = typeof part === 'number' ? hit : hit + 1;
  }
  return found === undefined ? undefined : found + 1;
}

/** {@link frontMatterKeyLine} of a file on disk (for an error found after the parse; reads only then). */
export function frontMatterKeyLineOf(file: string, keyPath: readonly PropertyKey[]): number | undefined {
  try {
    return frontMatterKeyLine(fs.readFileSync(file, 'utf8'), keyPath);
  } catch {
    return undefined;
  }
}
