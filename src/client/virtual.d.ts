declare module 'sitegen:pages' {
  import type { ComponentType } from 'react';
  /** The site's React pages by key, each loaded on demand (its own chunk). */
  export const loaders: Record<string, () => Promise<{ default?: ComponentType }>>;
  /** The site's own src/theme/Root, which wraps every page, when it has one. */
  export const Root: ComponentType<{ children?: import('react').ReactNode }> | undefined;
  /** The site's client modules (`clientModules` scripts), imported before the first page is drawn. */
  export const clientModules: unknown[];
}

/** True in bundles built for `sitegen dev` (esbuild define): nothing is sent to analytics there. */
declare const __SITEGEN_DEV__: boolean;

/** True when the build left some mermaid diagram to the readers' browsers (esbuild define): only then does the runtime hold the code that loads the drawing chunk. */
declare const __SITEGEN_MERMAID_FALLBACK__: boolean;

declare module 'sitegen:islands' {
  import type { ComponentType } from 'react';
  /** The islands of the site's markdown by key (module#export), each loaded on demand (its own chunk). */
  export const islands: Record<string, () => Promise<ComponentType<Record<string, unknown>>>>;
}
