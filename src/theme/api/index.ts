// The API a site's React pages use (`import { Layout, Link, Translate } from 'sitegen/theme'`).
// Docusaurus module names map onto the same files (src/builder/bundle/site/clientApi.ts).
export { default as Layout } from './Layout.js';
export { default as Head } from './Head.js';
export { default as Link } from './Link.js';
export { default as Translate, translate } from './Translate.js';
export { useDocusaurusContext, useBaseUrl, useLocaleBase } from './hooks.js';
export { useSite, useT } from '../context.js';
export { storage } from '../../shared/storage.js';
