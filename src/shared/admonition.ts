import { markup, type MarkupElement, type MarkupNode } from './markup.js';

// The markup of <Admonition> (@theme/Admonition), written once for the markdown component
// (builder/markdown/components.ts) and the React one (theme/api/Admonition.tsx); markdown's `:::note`
// blocks have the same classes (builder/markdown/plugins/admonitions.ts), so the same styles.

export function admonitionMarkup<C>(params: { type: string; title: MarkupNode<C>; children: MarkupNode<C> }): MarkupElement<C> {
  return markup('div', { className: ['admonition', `admonition-${params.type}`] }, [
    markup('div', { className: ['admonition-heading'] }, [params.title]),
    markup('div', { className: ['admonition-content'] }, [params.children]),
  ]);
}
