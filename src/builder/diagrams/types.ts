// What a diagram becomes at build time: its SVG, or mermaid's message for a diagram it cannot read.
export type DiagramResult = { svg: string; error?: undefined } | { error: string; svg?: undefined };

/** A browser drawing with mermaid (started before the diagrams are known: early.ts). */
export interface Drawer {
  /** Resolves once the browser has started and loaded mermaid; rejects with the reason it did not. */
  readonly ready: Promise<void>;
  /** Draws each diagram (`id` becomes the SVG's id and the prefix mermaid gives its inner ids), a batch per evaluation, once ready. */
  draw(diagrams: { id: string; source: string }[]): Promise<DiagramResult[]>;
  /** Ends the browser (at once, when called: nothing of it is kept), then removes its temporary folder; in a process that keeps browsers (kept.ts), keeps it idle for the next build instead. */
  close(): Promise<void>;
}

/** What the render needs to place diagrams (plain data: it is sent to the render threads). */
export interface Diagrams {
  /** Key of mermaid's and the browser's versions and mermaid's config: with a source, the key of its drawing (diagramKey). */
  drawing: string;
  /** mermaid's config, for the browsers that draw what the build could not. */
  config: Record<string, unknown>;
  /** Each drawn diagram by key: its SVG or mermaid's message. A diagram not here is drawn in the browser. */
  results: [string, DiagramResult][];
  /** mermaid's script (output path → file) when a diagram is left to the browser. */
  script?: { path: string; file: string };
}
