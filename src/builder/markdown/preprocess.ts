import type { MarkdownFormat } from './format.js';
import { mdx1TextLines } from './mdx1.js';

// Docusaurus 3 reads `.md` as MDX but keeps three MDX 1 habits working ("mdx1Compat"): HTML comments,
// `{#custom-id}` heading ids and `:::type Title` admonition titles. We rewrite those before parsing,
// outside code fences, without changing the number of lines, so positions still point at the source.
// In the 'md' format (CommonMark) comments are raw HTML and `{#id}` is text already: only the
// admonition titles are rewritten there. With `mdx1` (a Docusaurus 2 site), an MDX file's text is
// then read as MDX 1 read it (mdx1.ts).

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export function preprocessMarkdown(source: string, format: MarkdownFormat = 'mdx', options: { mdx1?: boolean } = {}): string {
  const mdx = format === 'mdx';
  const mdx1Text = mdx && options.mdx1 ? mdx1TextLines() : undefined;
  const lines = source.split('\n');
  let fence: string | null = null;
  let inComment = false;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && line.trim() === fenceMatch[1]) {
        fence = null;
      }
      continue;
    }
    if (fenceMatch && !inComment) {
      fence = fenceMatch[1];
      continue;
    }
    // Each rewrite is tried only on a line holding its marker: most lines hold none, and the
    // character-by-character comment scan was most of this function's time on a large site.
    if (mdx && (inComment || line.includes('<!--'))) {
      line = rewriteComments(line, inComment);
      inComment = endsInsideComment(lines[i], inComment);
    }
    if (!inComment) {
      if (mdx && line.includes('{#')) line = line.replace(/^(\s{0,3}#{1,6}\s.*?)\s*\{#([^\s}]+)\}\s*$/, '$1 \\{#$2\\}');
      if (line.includes(':::'))
        line = line.replace(/^(\s*:::+)([a-zA-Z][\w-]*)[ \t]+(\S.*?)\s*$/, (_, colons: string, type: string, title: string) =>
          title.startsWith('[') || title.startsWith('{') ? `${colons}${type}${title}` : `${colons}${type}[${title.replace(/[[\]]/g, '\\$&')}]`,
        );
    }
    lines[i] = mdx1Text && !inComment ? mdx1Text(line) : line;
  }
  return lines.join('\n');
}

/** `<!-- x -->` becomes `{/* x *\/}`, also across lines; `<!--truncate-->` is kept as a marker. */
function rewriteComments(line: string, inComment: boolean): string {
  let out = '';
  let rest = line;
  let open = inComment;
  while (rest.length) {
    if (open) {
      const end = rest.indexOf('-->');
      if (end === -1) {
        out += rest.replaceAll('*/', '* /');
        rest = '';
      } else {
        out += rest.slice(0, end).replaceAll('*/', '* /') + '*/}';
        rest = rest.slice(end + 3);
        open = false;
      }
    } else {
      const start = indexOutsideCode(rest, '<!--');
      if (start === -1) {
        out += rest;
        rest = '';
      } else {
        out += rest.slice(0, start) + '{/*';
        rest = rest.slice(start + 4);
        open = true;
      }
    }
  }
  return out;
}

function endsInsideComment(line: string, inComment: boolean): boolean {
  let open = inComment;
  let rest = line;
  while (rest.length) {
    if (open) {
      const end = rest.indexOf('-->');
      if (end === -1) return true;
      rest = rest.slice(end + 3);
      open = false;
    } else {
      const start = indexOutsideCode(rest, '<!--');
      if (start === -1) return false;
      rest = rest.slice(start + 4);
      open = true;
    }
  }
  return open;
}

/** Index of `needle` not inside an inline code span. */
function indexOutsideCode(text: string, needle: string): number {
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '`') inCode = !inCode;
    else if (!inCode && text.startsWith(needle, i)) return i;
  }
  return -1;
}
