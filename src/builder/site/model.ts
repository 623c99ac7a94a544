// The site model's types, declared with the plugin lifecycle (../plugins/types.ts, where they and the
// lifecycle can refer to each other without an import cycle).

export type { SiteModel, ParseCache } from '../plugins/types.js';
