import { markup, type MarkupElement, type MarkupNode } from './markup.js';

// The markup of <Admonition> (@theme/Admonition), written once for the markdown component
// (builder/markdown/components.ts) and the React one (theme/api/Admonition.tsx); markdown's `:::note`
// blocks have the same classes (builder/markdown/plugins/admonitions.ts), so the same styles.

/** Infima's alert kind of each admonition type, as theme-classic's Admonition types give it (an unknown type: note's). */
export const ALERT_KINDS: Record<string, string> = { note: 'secondary', tip: 'success', info: 'info', warning: 'warning', danger: 'danger', caution: 'warning' };

/** The classes of an admonition's box, as theme-classic's: its type's, then Infima's alert of its kind. */
export const admonitionClasses = (type: string): string[] => ['theme-admonition', `theme-admonition-${type}`, 'alert', `alert--${ALERT_KINDS[type] ?? 'secondary'}`];

export function admonitionMarkup<C>(params: { type: string; title: MarkupNode<C>; children: MarkupNode<C> }): MarkupElement<C> {
  return markup('div', { className: admonitionClasses(params.type) }, [
    markup('div', { className: ['admonition-heading'] }, [params.title]),
    markup('div', { className: ['admonition-content'] }, [params.children]),
  ]);
}
