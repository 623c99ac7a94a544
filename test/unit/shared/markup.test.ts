import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { toHtml } from 'hast-util-to-html';
import type { ElementContent } from 'hast';
import { markup, markupToHtml, slot, type MarkupElement } from '../../../src/shared/markup.js';
import { markupToHast } from '../../../src/builder/markdown/markupToHast.js';
import { markupToReact } from '../../../src/theme/api/markupToReact.js';

// The three drawings of the neutral element tree (hast, React, an HTML string) write the same HTML:
// attribute names (class, aria-*, data-* hyphenated, tabindex), lists, booleans, left-out values, slots.

const tree = <C>(content: C): MarkupElement<C> =>
  markup('div', { className: ['box', 'wide'], dataGroupId: 'os', dataEmpty: '', ariaLabelledBy: ['a', 'b'], role: 'tab', tabIndex: -1, hidden: false, open: undefined }, [
    markup('button', { type: 'button', ariaSelected: 'true', disabled: true }, ['Tab 1']),
    markup('code', { className: [] }, ['a < b']),
    slot(content),
  ]);

describe('the neutral element tree', () => {
  it('is drawn to the same HTML by the hast, React and string adapters', () => {
    const expected =
      '<div class="box wide" data-group-id="os" data-empty="" aria-labelledby="a b" role="tab" tabindex="-1"><button type="button" aria-selected="true" disabled>Tab 1</button><code class="">a &lt; b</code><p>slot</p></div>';
    const hastSlot: ElementContent[] = [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'slot' }] }];
    expect(toHtml(markupToHast(tree(hastSlot))).replace('&#x3C;', '&lt;')).toBe(expected);
    expect(renderToStaticMarkup(markupToReact(tree(createElement('p', null, 'slot'))) as never).replace('disabled=""', 'disabled')).toBe(expected);
    expect(markupToHtml(tree('<p>slot</p>'))).toBe(expected);
  });

  it('keeps the order of the properties as written', () => {
    const html = markupToHtml(markup('div', { dataValue: 'x', className: ['c'], role: 'tabpanel' }));
    expect(html).toBe('<div data-value="x" class="c" role="tabpanel"></div>');
    const react = renderToStaticMarkup(markupToReact(markup('div', { dataValue: 'x', className: ['c'], role: 'tabpanel' })) as never);
    expect(react).toBe(html);
  });
});
