import type { Code } from 'mdast';
import type { Element, ElementContent } from 'hast';
import type { State } from 'mdast-util-to-hast';
import { highlight } from '../highlight.js';

// Code blocks are highlighted at build time (no highlighter ships to the browser). Meta: title="...",
// {1,3-5} line ranges, showLineNumbers; magic comments highlight-next-line / highlight-start/end.

function parseCodeMeta(meta: string | null | undefined): { title?: string; lines: Set<number>; showLineNumbers: boolean } {
  const m = meta ?? '';
  const title = /title=(["'])(.*?)\1/.exec(m)?.[2];
  const lines = new Set<number>();
  const ranges = /\{([\d,\s-]+)\}/.exec(m)?.[1];
  if (ranges) {
    for (const part of ranges.split(',')) {
      const [a, b] = part.trim().split('-').map(Number);
      if (!Number.isFinite(a)) continue;
      for (let i = a; i <= (Number.isFinite(b) ? b : a); i++) lines.add(i);
    }
  }
  return { title, lines, showLineNumbers: /\bshowLineNumbers\b/.test(m) };
}

const MAGIC = /^\s*(?:\/\/|#|--|<!--|\/\*|;|%)\s*highlight-(next-line|start|end)\s*(?:-->|\*\/)?\s*$/;

export function codeHandler(_state: State, node: Code): Element {
  return codeBlock({ code: node.value, lang: node.lang ?? undefined, meta: node.meta ?? undefined });
}

export function codeBlock(params: { code: string; lang?: string; meta?: string; title?: string }): Element {
  const meta = parseCodeMeta(params.meta);
  const title = params.title ?? meta.title;
  // Magic comments: drop them and mark the lines they point at.
  const kept: string[] = [];
  let next = false;
  let inBlock = false;
  for (const line of params.code.replace(/\n$/, '').split('\n')) {
    const m = MAGIC.exec(line);
    if (m) {
      if (m[1] === 'next-line') next = true;
      else inBlock = m[1] === 'start';
      continue;
    }
    kept.push(line);
    if (next || inBlock) meta.lines.add(kept.length);
    next = false;
  }
  const lang = (params.lang ?? '').toLowerCase();
  const lines = highlight(kept.join('\n'), lang);
  const lineEls: ElementContent[] = lines.map((children, i) => ({
    type: 'element',
    tagName: 'span',
    properties: { className: meta.lines.has(i + 1) ? ['code-line', 'code-line-hl'] : ['code-line'] },
    children: [...children, { type: 'text', value: '\n' }],
  }));
  const pre: Element = {
    type: 'element',
    tagName: 'pre',
    properties: { className: ['code-pre', ...(meta.showLineNumbers ? ['line-numbers'] : [])], tabIndex: 0 },
    children: [{ type: 'element', tagName: 'code', properties: { className: lang ? [`language-${lang}`] : [] }, children: lineEls }],
  };
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['code-block', ...(lang ? [`language-${lang}`] : [])], dataLang: lang || undefined },
    children: [...(title ? [{ type: 'element', tagName: 'div', properties: { className: ['code-title'] }, children: [{ type: 'text', value: title }] } as Element] : []), pre],
  };
}
