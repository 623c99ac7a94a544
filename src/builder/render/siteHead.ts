// Docusaurus's `headTags`, `scripts` and `stylesheets`: tags the config adds to the <head> of every
// page, made into HTML once per build. Attribute values are escaped; `true` is a bare attribute.
import type { SiteConfig } from '../config/schema.js';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const VOID = new Set(['link', 'meta', 'base']);

function tag(name: string, attrs: Record<string, unknown>, inner?: string): string {
  const parts = Object.entries(attrs)
    .filter(([, v]) => v !== false && v !== undefined && v !== null)
    .map(([k, v]) => (v === true ? k : `${k}="${escape(String(v))}"`));
  const open = `<${name}${parts.length ? ` ${parts.join(' ')}` : ''}>`;
  return VOID.has(name) ? open : `${open}${inner ?? ''}</${name}>`;
}

/** The head HTML of the config's headTags, stylesheets and scripts (in Docusaurus's order), or undefined. */
export function siteHeadHtml(config: Pick<SiteConfig, 'headTags' | 'scripts' | 'stylesheets'>): string | undefined {
  const html = [
    ...config.headTags.map((t) => tag(t.tagName, t.attributes, t.innerHTML)),
    ...config.stylesheets.map((s) => tag('link', { rel: 'stylesheet', ...(typeof s === 'string' ? { href: s } : s) })),
    ...config.scripts.map((s) => tag('script', typeof s === 'string' ? { src: s } : s)),
  ].join('');
  return html || undefined;
}
