// The SVG mermaid draws, made fit to be inlined (once per diagram, cached) and then placed in a page.
// mermaid prefixes most inner ids with the id it is given, but not all (sequence diagrams' arrow
// markers are plain `arrowhead`...): two diagrams on one page would then share ids and one would
// point at the other's markers. And some ids count what mermaid drew before in the same page
// (sequence actors), so the same diagram would get other ids in another batch. So every inner id is
// renamed to the placeholder and its place in the SVG when the diagram is drawn, and each page
// replaces the placeholder with an id of its own for each diagram it shows.

/** The id a diagram is drawn with, and the prefix of every id inside it until it is placed. */
export const ID_PLACEHOLDER = 'sitegen-mermaid-svg';

const ID_ATTR = /\sid="([^"]+)"/g;

/** Renames every inner id (and what refers to it) to the placeholder and a number; labels the SVG for assistive technology. */
export function prepareSvg(svg: string, source: string): string {
  const ids = new Map<string, string>();
  for (const m of svg.matchAll(ID_ATTR)) if (m[1] !== ID_PLACEHOLDER && !ids.has(m[1])) ids.set(m[1], `${ID_PLACEHOLDER}-${ids.size + 1}`);
  let out = svg;
  if (ids.size) {
    const renamed = (id: string) => ids.get(id) ?? id;
    out = out
      .replace(ID_ATTR, (_m, id: string) => ` id="${renamed(id)}"`)
      .replace(/url\(#([^)"'\s]+)\)/g, (_m, id: string) => `url(#${renamed(id)})`)
      .replace(/(href=")#([^"]+)"/g, (_m, attr: string, id: string) => `${attr}#${renamed(id)}"`)
      .replace(/(aria-(?:labelledby|describedby)=")([^"]+)"/g, (_m, attr: string, list: string) => `${attr}${list.split(/\s+/).map(renamed).join(' ')}"`)
      .replace(/<style>[\s\S]*?<\/style>/g, (style) => style.replace(/#([\w-]+)/g, (m, id: string) => (ids.has(id) ? `#${renamed(id)}` : m)));
  }
  // An accTitle gives the SVG a <title> it is labelled by; without one it is named by its first line.
  if (!/^<svg[^>]*\saria-labelledby=/.test(out)) out = out.replace(/^<svg/, `<svg aria-label="${escapeAttribute(firstLine(source))}"`);
  return out;
}

/** The SVG with its ids made unique on the page: `diagramId` is unique per diagram shown there. */
export function placeSvg(svg: string, diagramId: string): string {
  return svg.split(ID_PLACEHOLDER).join(diagramId);
}

/** The diagram's first line that says something (not a front-matter fence, directive or comment). */
export function firstLine(source: string): string {
  let inFrontMatter = false;
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (line === '---') {
      inFrontMatter = !inFrontMatter;
      continue;
    }
    if (inFrontMatter || !line || line.startsWith('%%')) continue;
    return line;
  }
  return 'Diagram';
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
