// A code block's line numbers, as Docusaurus reads them from the block's meta: `showLineNumbers`
// numbers its lines from 1, `showLineNumbers=3` from 3. Shared by the build's highlighter
// (builder/markdown/plugins/code.ts) and the browser's plain drawing (theme/api/CodeBlock.tsx).

export interface LineNumbers {
  /** The first line's number. */
  start: number;
}

export function lineNumbersOf(meta: string | undefined): LineNumbers | undefined {
  const m = /(?:^|\s)showLineNumbers(?:=(\d+))?(?=\s|$)/.exec(meta ?? '');
  return m ? { start: m[1] ? Number(m[1]) : 1 } : undefined;
}

/** The `style` of the block's `<code>`: where the line counter starts, when not at 1. */
export function lineNumbersStyle(numbers: LineNumbers | undefined): string | undefined {
  return numbers && numbers.start !== 1 ? `counter-reset:line ${numbers.start - 1}` : undefined;
}

/** The meta words of a `showLineNumbers` prop (`<CodeBlock showLineNumbers={3}>`): true, a first number, or none. */
export function lineNumbersMeta(show: unknown): string {
  return typeof show === 'number' ? `showLineNumbers=${show}` : show ? 'showLineNumbers' : '';
}
