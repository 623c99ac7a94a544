// What a diagram is drawn with, and the key of a drawing: a diagram is drawn once per distinct
// source and mermaid configuration (Docusaurus's theme-mermaid config, as it hands it to mermaid).
import { cacheKey } from '../cacheKey.js';
import type { SiteConfig } from '../config/schema.js';

/** mermaid's `initialize` config for the site, as Docusaurus builds it for the light color mode. */
export function mermaidConfig(config: SiteConfig): Record<string, unknown> {
  const { theme, options } = config.themeConfig.mermaid;
  // A drawing is kept until its source or config changes: a Gantt chart's line at the day it was
  // drawn would stay there, so it is off unless the options ask for it.
  const gantt = { todayMarker: 'off', ...(options.gantt as Record<string, unknown> | undefined) };
  return { startOnLoad: false, ...options, gantt, theme: theme.light };
}

/** What sitegen makes of mermaid's SVG (svg.ts, chromium.ts): a new number when that changes, so kept drawings are redrawn. */
const DRAWING_FORMAT = 2;

/** The key of everything a drawing depends on but its source: mermaid's version and config, and sitegen's drawing format. */
export function drawingKey(params: { version: string; config: Record<string, unknown> }): string {
  return cacheKey('mermaid', DRAWING_FORMAT, params.version, params.config);
}

export function diagramKey(drawing: string, source: string): string {
  return cacheKey(drawing, source);
}
