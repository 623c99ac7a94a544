import { find, hastToReact, svg } from 'property-information';

// An SVG file as a React component module, as Docusaurus's SVGR setup makes it: the file's <svg>
// with the props it is given passed through (className, width, role, aria-*...), and a `title` prop
// that becomes the SVG's <title> (with `titleId`, its id and the svg's aria-labelledby). The code
// is generated once at build time; no SVG parser ships to the browser. SVG files are XML: a small
// reader of tags, attributes and text is enough (comments, the XML declaration and DOCTYPE go).

interface SvgElement {
  tag: string;
  attrs: [string, string][];
  children: (SvgElement | string)[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m),
  );

function parse(source: string): SvgElement {
  const root: SvgElement = { tag: '#root', attrs: [], children: [] };
  const stack = [root];
  const token =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>|<!\[CDATA\[([\s\S]*?)\]\]>|<\/\s*([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*)\s*(\/?)>|([^<]+)/gi;
  for (const m of source.matchAll(token)) {
    const top = stack[stack.length - 1];
    if (m[1] !== undefined) top.children.push(m[1]);
    else if (m[2] !== undefined) {
      if (stack.length > 1 && top.tag === m[2]) stack.pop();
      else throw new Error(`Unexpected </${m[2]}> in the SVG file`);
    } else if (m[3] !== undefined) {
      const attrs = [...(m[4] ?? '').matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g)].map((a): [string, string] => [a[1], decode(a[2] ?? a[3] ?? '')]);
      const el: SvgElement = { tag: m[3], attrs, children: [] };
      top.children.push(el);
      if (!m[5]) stack.push(el);
    } else if (m[6] !== undefined) top.children.push(decode(m[6]));
  }
  if (stack.length > 1) throw new Error(`<${stack[stack.length - 1].tag}> is not closed in the SVG file`);
  return root;
}

/** An attribute as React names it: "stroke-width" → strokeWidth, "class" → className, "xlink:href" → xlinkHref. */
function reactProps(el: SvgElement): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of el.attrs) {
    if (name === 'style') props.style = styleObject(value);
    else if (/^(data|aria)-/.test(name)) props[name] = value;
    else {
      const property = find(svg, name).property;
      props[hastToReact[property as keyof typeof hastToReact] ?? property] = value;
    }
  }
  return props;
}

/** "fill-opacity: .5; -webkit-x: y" → { fillOpacity: '.5', WebkitX: 'y' } (React's style object). */
function styleObject(style: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim();
    const key = prop.startsWith('--') ? prop : prop.replace(/^-ms-/, 'ms-').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (key) out[key] = decl.slice(i + 1).trim();
  }
  return out;
}

const TEXT_CONTAINERS = new Set(['text', 'tspan', 'textPath', 'style', 'title', 'desc']);

function code(node: SvgElement | string, inText: boolean): string | undefined {
  // Text inside <text>, <style>, <title>... is content; between elements it is layout only.
  if (typeof node === 'string') return inText || node.trim() ? JSON.stringify(node) : undefined;
  const children = node.children.map((c) => code(c, TEXT_CONTAINERS.has(node.tag))).filter((c): c is string => c !== undefined);
  return `h(${JSON.stringify(node.tag)}, ${JSON.stringify(reactProps(node))}${children.map((c) => `, ${c}`).join('')})`;
}

export function svgComponentModule(source: string): string {
  const root = parse(source).children.find((c): c is SvgElement => typeof c !== 'string' && c.tag === 'svg');
  if (!root) throw new Error('The file has no <svg> element');
  const ownTitle = root.children.find((c): c is SvgElement => typeof c !== 'string' && c.tag === 'title');
  const children = root.children
    .filter((c) => c !== ownTitle)
    .map((c) => code(c, false))
    .filter((c): c is string => c !== undefined);
  const title = `title === undefined ? ${ownTitle ? code(ownTitle, false) : 'null'} : h("title", { id: titleId }, title)`;
  return [
    `import { createElement as h } from "react";`,
    `export default function SvgComponent({ title, titleId, ...props }) {`,
    `  return h("svg", { ...${JSON.stringify(reactProps(root))}, "aria-labelledby": titleId, ...props }, ${[title, ...children].join(', ')});`,
    `}`,
  ].join('\n');
}
