import { createElement, isValidElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { SiteContext, type SiteState } from '../../theme/context.js';
import { interaction } from './interaction.js';
import { ISLAND_TAG, CHILDREN_TAG, islandKey } from '../../shared/islands.js';

// The entry of the MDX bundle (mdx/bundle.ts), run on the threads that render markdown: renders one
// slot of a markdown file (a component it imports, an expression) to HTML with React. A slot whose
// render needs the browser (interaction.ts) becomes an island: its HTML is wrapped in an element
// naming the component and holding its props as JSON, which the client runtime hydrates.

export interface SlotModule {
  __sitegenSlots: Record<number, (children?: ReactNode) => ReactNode>;
  /** [binding, module, export name] of each import of the file. */
  __sitegenImports: [unknown, string, string][];
}

export interface SlotRender {
  html: string;
  /** The island's key (module#export), when the slot needs the browser. */
  island?: string;
}

export class SlotError extends Error {}

/**
 * Renders slot `id` of a module. `childrenHtml` is the markdown between the element's tags, drawn
 * already: the component gets a placeholder child whose markup is replaced by it.
 */
export function renderSlot(params: { module: SlotModule; id: number; childrenHtml?: string; state: SiteState; siteDir: string }): SlotRender {
  const make = params.module.__sitegenSlots[params.id];
  const placeholder = params.childrenHtml === undefined ? undefined : createElement(CHILDREN_TAG);
  interaction.used = false;
  const element = make(placeholder);
  const html = renderToString(createElement(SiteContext.Provider, { value: params.state }, element));
  const interactive = interaction.used;
  interaction.used = false;
  const empty = `<${CHILDREN_TAG}></${CHILDREN_TAG}>`;
  if (!interactive) return { html: params.childrenHtml === undefined ? html : html.replace(empty, params.childrenHtml) };
  if (!isValidElement(element) || typeof element.type === 'string') {
    throw new SlotError('this code needs the browser (state, effects or event handlers), but only a component imported from a module can be hydrated');
  }
  const origin = params.module.__sitegenImports.find(([binding]) => binding === element.type);
  if (!origin) {
    throw new SlotError(
      'this component needs the browser (state, effects or event handlers), but it is not imported from a module: move it to a file (for example under src/components/) and import it',
    );
  }
  const key = islandKey(origin[1], origin[2], params.siteDir);
  const { children: _children, ...props } = element.props as Record<string, unknown>;
  for (const [name, value] of Object.entries(props)) {
    const reason = unserialisable(value);
    if (reason) throw new SlotError(`the prop "${name}" of this interactive component is ${reason}: an island's props must be JSON (strings, numbers, booleans, null, arrays and plain objects)`);
  }
  const inner = params.childrenHtml === undefined ? html : html.replace(empty, `<${CHILDREN_TAG} style="display:contents">${params.childrenHtml}</${CHILDREN_TAG}>`);
  return { html: `<${ISLAND_TAG} data-island="${escapeAttribute(key)}" data-props="${escapeAttribute(JSON.stringify(props))}" style="display:contents">${inner}</${ISLAND_TAG}>`, island: key };
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
