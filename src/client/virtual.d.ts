declare module 'sitegen:pages' {
  import type { ComponentType } from 'react';
  /** The site's React pages by key, each loaded on demand (its own chunk). */
  export const loaders: Record<string, () => Promise<{ default?: ComponentType }>>;
}

declare module 'sitegen:custom-css';
