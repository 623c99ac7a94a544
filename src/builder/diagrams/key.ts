// What a diagram is drawn with, and the key of a drawing: a diagram is drawn once per distinct
// source and mermaid configuration (Docusaurus's theme-mermaid config, as it hands it to mermaid).
import { cacheKey } from '../cacheKey.js';
import type { SiteConfig } from '../config/schema.js';

/**
 * The fonts of the Shifu site's pages (`--ifm-font-family-base` in content/pages/_styles/theme.css; test/unit/builder/diagrams/
 * key.test.ts keeps them equal). Diagrams are drawn and measured with them: mermaid's own default,
 * "trebuchet ms", is missing on most build machines, which measured the labels in another font than
 * the readers' browsers showed them in (labels wider than their boxes, crossed by arrows).
 */
export const PAGE_FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', sans-serif";

/** mermaid's `initialize` config for the site, as Docusaurus builds it for the light color mode, in the page's fonts unless the site names its own. */
export function mermaidConfig(config: SiteConfig): Record<string, unknown> {
  const { theme, options } = config.themeConfig.mermaid;
  const variables = (options.themeVariables ?? {}) as Record<string, unknown>;
  const fontFamily = (options.fontFamily as string | undefined) ?? (variables.fontFamily as string | undefined) ?? PAGE_FONT;
  return { startOnLoad: false, ...options, fontFamily, themeVariables: { ...variables, fontFamily: variables.fontFamily ?? fontFamily }, theme: theme.light };
}

/**
 * The source the build draws. A drawing is kept until its source or config changes, so a Gantt
 * chart's line at the day it was drawn would stay there, and builds on other days would differ:
 * a Gantt chart whose source does not set `todayMarker` itself is drawn without it. (mermaid reads
 * `todayMarker` only from the diagram's source, not from its config.)
 */
export function buildTimeSource(source: string): string {
  const lines = source.split('\n').map((l) => l.trim());
  const first = lines.find((l) => l && !l.startsWith('%%'));
  if (first !== 'gantt' || lines.some((l) => /^todayMarker\b/i.test(l))) return source;
  return `${source.replace(/\s*$/, '')}\n  todayMarker off\n`;
}

/** What sitegen makes of mermaid's SVG (svg.ts, chromium.ts, fixups.ts): a new number when that changes, so kept drawings are redrawn. */
const DRAWING_FORMAT = 5;

/** The key of everything a drawing depends on but its source: what draws it (mermaid's and the browser's versions: chromium.ts drawerVersion) and mermaid's config, and sitegen's drawing format. */
export function drawingKey(params: { version: string; config: Record<string, unknown> }): string {
  return cacheKey('mermaid', DRAWING_FORMAT, params.version, params.config);
}

export function diagramKey(drawing: string, source: string): string {
  return cacheKey(drawing, source);
}
