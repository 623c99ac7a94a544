// MDX 1's text, read by MDX 3 (`markdown.mdx1`, set for a Docusaurus 2 site): MDX 1 (Docusaurus 2)
// took `{` and `<` in markdown text as text, wrapping each text node as a string, and ran code only
// in JSX blocks (a line opening with a tag, up to the next blank line), in a tag's attributes and in
// `import`/`export` blocks. MDX 3 reads `{...}` anywhere as an expression and refuses `a < b`. Each
// line outside those places gets its `{` (and a `<` that opens no tag) escaped with a backslash, which
// CommonMark turns back into the character: `Use {curly} braces` shows as written, as in Docusaurus 2.
// Called by preprocess.ts for each line outside code fences, after its own rewrites (heading ids and
// comments come out escaped or as `{/*`, both left alone); the number of lines does not change.

/** The rewrite of one file, line by line: the lines must be given in order. */
export function mdx1TextLines(): (line: string) => string {
  let block: 'jsx' | 'esm' | undefined;
  let blockStart = true;
  return (line) => {
    if (!line.trim()) {
      block = undefined;
      blockStart = true;
      return line;
    }
    if (!block && JSX_BLOCK.test(line)) block = 'jsx';
    else if (!block && blockStart && ESM_BLOCK.test(line)) block = 'esm';
    blockStart = false;
    return block ? line : escapeText(line);
  };
}

/** A line that opens an MDX 1 JSX block: a tag (or a closing tag, or `<>`) first on the line. */
const JSX_BLOCK = /^\s*<(?:\/?[A-Za-z][\w.:-]*(?=[\s/>]|$)|>)/;
const ESM_BLOCK = /^(?:import|export)\s/;
/** What may follow a `<` that opens a tag (or a comment, already rewritten): anything else is text. */
const OPENS_TAG = /[A-Za-z/>!]/;
/** `:::note{...}`: a directive's attributes, written right after its name or label. */
const DIRECTIVE = /^\s*:::+[A-Za-z][\w-]*(?:\[[^\]]*\])?$/;

function escapeText(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === '\\') {
      // An escape stays as written, with the character it escapes.
      out += line.slice(i, i + 2);
      i += 2;
    } else if (c === '`') {
      const end = codeSpanEnd(line, i);
      out += line.slice(i, end);
      i = end;
    } else if (c === '<' && OPENS_TAG.test(line[i + 1] ?? '')) {
      const end = tagEnd(line, i);
      out += line.slice(i, end);
      i = end;
    } else if (c === '<') {
      out += '\\<';
      i++;
    } else if (c === '{' && !line.startsWith('{/*', i) && !DIRECTIVE.test(line.slice(0, i))) {
      out += '\\{';
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The end of the code span opening at `start` (closed by a run of as many backticks), or the end of its opening run when it is not closed. */
function codeSpanEnd(line: string, start: number): number {
  let run = start;
  while (line[run] === '`') run++;
  for (let i = run; i < line.length;) {
    if (line[i] !== '`') {
      i++;
      continue;
    }
    let end = i;
    while (line[end] === '`') end++;
    if (end - i === run - start) return end;
    i = end;
  }
  return run;
}

/** The end of the tag opening at `start`: its `>` outside quotes and attribute expressions, or the end of the line. */
function tagEnd(line: string, start: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = start + 1; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (c === '>' && !depth) return i + 1;
  }
  return line.length;
}
