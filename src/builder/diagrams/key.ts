// What a diagram is drawn with, and the key of a drawing: a diagram is drawn once per distinct
// source and mermaid configuration (Docusaurus's theme-mermaid config, as it hands it to mermaid).
import { cacheKey } from '../cacheKey.js';
import type { SiteConfig } from '../config/schema.js';

/** mermaid's `initialize` config for the site, as Docusaurus builds it for the light color mode. */
export function mermaidConfig(config: SiteConfig): Record<string, unknown> {
  const { theme, options } = config.themeConfig.mermaid;
  // deterministicIds: the same diagram draws the same ids in every build (byte-identical output).
  return { startOnLoad: false, ...options, theme: theme.light, deterministicIds: true };
}

/** The key of everything a drawing depends on but its source: mermaid's version and config. */
export function drawingKey(params: { version: string; config: Record<string, unknown> }): string {
  return cacheKey('mermaid', params.version, params.config);
}

export function diagramKey(drawing: string, source: string): string {
  return cacheKey(drawing, source);
}
