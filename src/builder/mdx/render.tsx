import { createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { DrawnLinksContext, SiteContext, type SiteState } from '../../theme/context.js';
import { interaction } from './interaction.js';
import { ISLAND_TAG, CHILDREN_TAG, islandKey, slotIslandKey } from '../../shared/islands.js';

// The entry of the MDX bundle (mdx/bundle.ts), run on the threads that render markdown: renders one
// slot of a markdown file (a component it imports, an expression) to HTML with React. A slot whose
// render needs the browser (interaction.ts) becomes an island: its HTML is wrapped in an element
// naming its code, which the client runtime hydrates. A component imported from a module is that
// module's export, with its props as JSON; anything else (a component the file exports, an HTML
// element with a handler, an expression) is the slot itself, shipped as the file's own module.

export interface SlotModule {
  __sitegenSlots: Record<number, (children?: ReactNode) => ReactNode>;
  /** [binding, module, export name] of each import of the file. */
  __sitegenImports: [unknown, string, string][];
}

export interface SlotRender {
  html: string;
  /** The island's key (module#export), when the slot needs the browser. */
  island?: string;
  /** The internal urls its <Link>s (@docusaurus/Link) drew, for the link check (none: left out). */
  links?: string[];
}

export class SlotError extends Error {}

/** Markup with no tags, entities or quotes: text that React writes back byte for byte. */
const PLAIN = /^[^<>&"']*$/;

/**
 * Renders slot `id` of a module. `childrenHtml` is the markdown between the element's tags, drawn
 * already: the component gets a placeholder child whose markup is replaced by it.
 */
export function renderSlot(params: { module: SlotModule; file: string; id: number; childrenHtml?: string; state: SiteState; siteDir: string }): SlotRender {
  const make = params.module.__sitegenSlots[params.id];
  // Children that are plain words are that string, as Docusaurus passes them (`${children}` reads them).
  const text = params.childrenHtml !== undefined && PLAIN.test(params.childrenHtml) ? params.childrenHtml : undefined;
  const placeholder = params.childrenHtml === undefined || text !== undefined ? text : createElement(CHILDREN_TAG);
  interaction.used = false;
  // The slot is made while React renders (as Docusaurus's MDX content is a component), so that hooks
  // in the file's expressions, such as `src={useBaseUrl('/img/a.png')}`, run with the site's context.
  let made: ReactNode;
  const Slot = () => (made = make(placeholder));
  const drawn: string[] = [];
  const html = renderToString(createElement(SiteContext.Provider, { value: params.state }, createElement(DrawnLinksContext.Provider, { value: drawn }, createElement(Slot))));
  const element = made;
  const interactive = interaction.used;
  interaction.used = false;
  const links = drawn.length ? { links: drawn } : {};
  const empty = `<${CHILDREN_TAG}></${CHILDREN_TAG}>`;
  if (!interactive) return { html: params.childrenHtml === undefined ? html : html.replace(empty, params.childrenHtml), ...links };
  const inner = params.childrenHtml === undefined ? html : html.replace(empty, `<${CHILDREN_TAG} style="display:contents">${params.childrenHtml}</${CHILDREN_TAG}>`);
  const imported = isValidElement(element) ? params.module.__sitegenImports.find(([binding]) => binding === element.type) : undefined;
  // sitegen's own components (<BrowserOnly>{() => ...}</BrowserOnly>) take code as props: the slot is the island.
  const origin = imported && !imported[1].startsWith('@docusaurus/') ? imported : undefined;
  if (!origin) {
    // The slot's own code (its props are code there, functions included) runs again in the browser.
    const key = slotIslandKey(params.file, params.id, params.siteDir);
    const props = text === undefined ? '' : ` data-props="${escapeAttribute(JSON.stringify({ children: text }))}"`;
    return { html: `<${ISLAND_TAG} data-island="${escapeAttribute(key)}"${props} style="display:contents">${inner}</${ISLAND_TAG}>`, island: key, ...links };
  }
  const key = islandKey(origin[1], origin[2], params.siteDir);
  const { children: _children, ...props } = (element as ReactElement).props as Record<string, unknown>;
  for (const [name, value] of Object.entries(props)) {
    const reason = unserialisable(value);
    if (reason) throw new SlotError(`the prop "${name}" of this interactive component is ${reason}: an island's props must be JSON (strings, numbers, booleans, null, arrays and plain objects)`);
  }
  if (text !== undefined) props.children = text;
  return {
    html: `<${ISLAND_TAG} data-island="${escapeAttribute(key)}" data-props="${escapeAttribute(JSON.stringify(props))}" style="display:contents">${inner}</${ISLAND_TAG}>`,
    island: key,
    ...links,
  };
}

function unserialisable(value: unknown): string | undefined {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${value}`;
  if (typeof value === 'function') return 'a function';
  if (isValidElement(value)) return 'a React element';
  if (Array.isArray(value)) return value.map(unserialisable).find(Boolean);
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return `a ${(value as object).constructor?.name ?? 'class instance'}`;
    return Object.values(value).map(unserialisable).find(Boolean);
  }
  return `a ${typeof value}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
