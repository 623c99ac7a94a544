import Head from './Head.js';
import Details from './Details.js';
import Admonition from './Admonition.js';
import Mermaid from './Mermaid.js';

// Docusaurus's @theme/MDXComponents as a site's own `src/theme/MDXComponents` spreads it (`import
// MDXComponents from '@theme-original/MDXComponents'; export default { ...MDXComponents, Highlight }`):
// the components of Docusaurus's default scope that sitegen has as React components. Markdown's own
// elements (a, img, code, h1...) are drawn by sitegen's markdown passes: a scope's overrides of them are not used.
const MDXComponents = { Head, Details, details: Details, admonition: Admonition, mermaid: Mermaid };

export default MDXComponents;
