// A code block as @theme/CodeBlock draws it from a highlighter: the builder's (render/highlightCode.ts,
// markdown's code blocks) while the server renders, none in the browser (theme/api/CodeBlock.tsx).

export interface HighlightedCode {
  className: string;
  lang?: string;
  html: string;
}

export type Highlighter = (params: { code: string; lang?: string; meta?: string; title?: string }) => HighlightedCode;
