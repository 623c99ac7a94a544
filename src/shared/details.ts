import { classes, markup, type MarkupElement, type MarkupNode, type MarkupProps } from './markup.js';

// The markup of <Details> (@theme/Details, and `<details>` in MDX), written once for the markdown
// component (builder/markdown/components.ts) and the React one (theme/api/Details.tsx).

/**
 * A <details> with the class of the theme's, its summary first: the one given, else none when the
 * author wrote a <summary> among the children, else "Details" (as the browser would show).
 */
export function detailsMarkup<C>(params: { className?: unknown; props?: MarkupProps; summary?: MarkupNode<C> | string; hasSummaryChild: boolean; children: MarkupNode<C> }): MarkupElement<C> {
  const summary = typeof params.summary === 'string' || params.summary === undefined ? markup<C>('summary', {}, [params.summary ?? 'Details']) : params.summary;
  return markup('details', { className: classes(['details'], params.className), ...params.props }, [...(params.hasSummaryChild ? [] : [summary]), params.children]);
}
