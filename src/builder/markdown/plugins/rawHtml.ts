import type { Root, Element, ElementContent, Properties } from 'hast';
import { sanitize, defaultSchema, type Schema } from 'hast-util-sanitize';
import { find, html as htmlSchema } from 'property-information';
import { lineOf, type MarkdownContext } from '../context.js';

// Raw HTML in markdown (JSX elements, marked `jsx` by jsx.ts) under `markdown.html`: `allow` leaves it
// as written; `sanitize` checks each element against an allow-list (hast-util-sanitize, the core of
// rehype-sanitize) and strips what is not on it; `error` strips it too and reports each element or
// attribute at its line, which fails the build. Elements made by markdown syntax and theme components
// are the generator's own and are not checked; raw HTML inside them is.

const ARIA = ['ariaHidden', 'ariaLabel', 'ariaLabelledBy', 'ariaDescribedBy', 'ariaDescription', 'ariaExpanded', 'ariaControls', 'ariaCurrent', 'ariaLive', 'role'];
const WEB = ['http', 'https'];

/** Elements removed with their content; any other element not allowed is replaced by its content. */
const STRIP = ['script', 'style', 'template', 'noscript', 'textarea', 'select', 'object', 'embed', 'applet', 'frame', 'frameset', 'base', 'link', 'meta', 'title', 'svg', 'math'];

/**
 * GitHub's allow-list (hast-util-sanitize's default) plus what documentation content uses: any class,
 * inline styles, `data-*` and ARIA attributes, media (video, audio, iframe by http(s) url, never
 * `srcdoc`), link targets, and ids kept as written (they are the page's anchors) except the `__`
 * prefix the page's own elements use. Urls must be relative or http(s) (links also mailto, tel);
 * `data:` only for raster images in `<img src>`.
 */
const rawHtmlSchema: Schema = {
  ...defaultSchema,
  ancestors: {},
  clobber: [],
  clobberPrefix: '',
  strip: STRIP,
  tagNames: [
    ...defaultSchema.tagNames!,
    ...['abbr', 'address', 'article', 'aside', 'audio', 'bdi', 'bdo', 'caption', 'center', 'cite', 'col', 'colgroup', 'dfn', 'figcaption', 'figure'],
    ...['footer', 'header', 'hgroup', 'iframe', 'main', 'mark', 'meter', 'nav', 'progress', 'small', 'time', 'track', 'u', 'video', 'wbr'],
  ],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...defaultSchema.attributes!['*'].filter((a) => a !== 'id' && a !== 'name'), ['id', /^(?!__)/], ['name', /^(?!__)/], 'className', 'style', 'hidden', 'translate', 'data*', ...ARIA],
    a: [...defaultSchema.attributes!.a.filter((a) => !Array.isArray(a) || a[0] !== 'className'), 'target', 'rel', 'download', 'type'],
    code: ['className'],
    img: [...defaultSchema.attributes!.img, 'srcSet', 'sizes', 'loading', 'decoding'],
    source: ['src', 'srcSet', 'sizes', 'type', 'media'],
    track: ['src', 'kind', 'srcLang', 'default'],
    video: ['src', 'poster', 'controls', 'autoPlay', 'loop', 'muted', 'playsInline', 'preload'],
    audio: ['src', 'controls', 'autoPlay', 'loop', 'muted', 'preload'],
    iframe: ['src', 'allow', 'allowFullScreen', 'loading', 'referrerPolicy', 'sandbox', 'frameBorder'],
  },
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto', 'tel'],
    src: WEB,
    srcSet: WEB,
    poster: WEB,
    action: WEB,
  },
};

const STRIP_SET = new Set(STRIP);
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;

interface JsxData {
  jsx?: boolean;
  /** Where each attribute starts, by property name (jsx.ts keeps them unless html is allowed). */
  attributes?: Record<string, { line: number; column: number }>;
}

export function sanitizeRawHtml(tree: Root, ctx: MarkdownContext): void {
  if (!ctx.html || ctx.html === 'allow') return;
  tree.children = cleanChildren(tree.children as ElementContent[], ctx) as Root['children'];
}

function cleanChildren(children: ElementContent[], ctx: MarkdownContext): ElementContent[] {
  const out: ElementContent[] = [];
  for (const child of children) {
    if (child.type !== 'element') {
      out.push(child);
      continue;
    }
    if (!(child.data as JsxData | undefined)?.jsx) {
      child.children = cleanChildren(child.children, ctx);
      out.push(child);
      continue;
    }
    const kept = cleanElement(child, ctx);
    if (kept === 'strip') continue;
    if (kept === 'unwrap') out.push(...cleanChildren(child.children, ctx));
    else {
      child.children = cleanChildren(child.children, ctx);
      out.push(child);
    }
  }
  return out;
}

/** Checks one element (not its children): keeps it with the allowed attributes, or says what to do instead. */
function cleanElement(node: Element, ctx: MarkdownContext): 'keep' | 'strip' | 'unwrap' {
  const before = node.properties;
  const dataImage = node.tagName === 'img' && typeof before.src === 'string' && DATA_IMAGE.test(before.src) ? before.src : undefined;
  // A kept data: image is checked as a relative url (allowed) and put back in its place after.
  const shallow: Element = { type: 'element', tagName: node.tagName, properties: dataImage ? { ...before, src: '/' } : before, children: [] };
  const result = sanitize(shallow, rawHtmlSchema);
  if (result.type !== 'element') {
    report(ctx, node, `Raw HTML element <${node.tagName}> is not allowed in markdown`);
    return STRIP_SET.has(node.tagName) ? 'strip' : 'unwrap';
  }
  const after: Properties = result.properties;
  if (dataImage) after.src = dataImage;
  for (const [key, value] of Object.entries(before)) {
    if (value === undefined || value === null) continue;
    if (String(after[key]) === String(value)) continue;
    const attribute = find(htmlSchema, key).attribute;
    const shown = typeof value === 'string' && URL_ATTRIBUTES.has(key) ? `${attribute}="${value.length > 40 ? value.slice(0, 40) + '…' : value}"` : attribute;
    const at = (node.data as JsxData | undefined)?.attributes?.[key];
    report(ctx, at ? { position: { start: at } } : node, `Attribute ${shown} on <${node.tagName}> is not allowed in markdown`);
  }
  node.properties = after;
  return 'keep';
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'srcSet', 'poster', 'action', 'cite']);

function report(ctx: MarkdownContext, node: { position?: { start: { line: number; column: number } } }, message: string): void {
  if (ctx.html !== 'error') return;
  ctx.problems.error({
    message: `${message} (markdown.html is 'error')`,
    file: ctx.file,
    ...lineOf(ctx, node),
    hint: "Remove it, or set `markdown: { html: 'sanitize' }` in the site config to strip it from the page (content/README.md lists what is kept).",
  });
}
