import type { HtmlTagObject, HtmlTags } from './types.js';

// injectHtmlTags's tags as HTML, as Docusaurus writes them (core/lib/server/htmlTags.js): a string as
// it is; an object as `<tagName attr="value">innerHTML</tagName>`, a void element without its closing
// tag, a `true` attribute bare, a false or undefined one left out.

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function htmlTagsToHtml(tags: HtmlTags | undefined, pluginName: string): string {
  if (tags === undefined) return '';
  return (Array.isArray(tags) ? tags : [tags]).map((t) => tagHtml(t, pluginName)).join('');
}

function tagHtml(tag: string | HtmlTagObject, pluginName: string): string {
  if (typeof tag === 'string') return tag;
  if (!tag || typeof tag.tagName !== 'string' || !/^[a-z][a-z0-9-]*$/i.test(tag.tagName)) {
    throw new Error(`the plugin "${pluginName}" injected an HTML tag without a valid tagName: ${JSON.stringify(tag)}`);
  }
  const attrs = Object.entries(tag.attributes ?? {})
    .filter(([, v]) => v !== false && v !== undefined)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${escapeAttr(String(v))}"`))
    .join('');
  const open = `<${tag.tagName}${attrs}>`;
  return VOID.has(tag.tagName.toLowerCase()) ? open : `${open}${tag.innerHTML ?? ''}</${tag.tagName}>`;
}
