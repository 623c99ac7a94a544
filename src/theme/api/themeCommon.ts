// `@docusaurus/theme-common`: useColorMode, and the docs sidebar hooks Docusaurus 2 sites import from
// it (Docusaurus 3 moved them to `@docusaurus/plugin-content-docs/client`, which has them too).
export { useColorMode } from './useColorMode.js';
export { useCurrentSidebarCategory, filterDocCardListItems, findFirstSidebarItemLink } from './docsClient.js';
