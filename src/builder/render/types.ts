// What rendering produces and reads, declared with the plugin lifecycle (../plugins/types.ts, where
// they and the lifecycle can refer to each other without an import cycle).

export type { SearchPageInput, RenderedRoute, PageToWrite, RenderContext, RouteRenderer } from '../plugins/types.js';
