import { describe, expect, it } from 'vitest';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { md } from '../../../helpers/markdown.js';
import { SiteContext, type SiteState } from '../../../../src/theme/context.js';
import Admonition from '../../../../src/theme/api/Admonition.js';

// Parity of each markdown component (builder/markdown/components.ts, drawn to hast and written by
// hast-util-to-html) with the React component of the same name (theme/api/*.tsx, drawn by
// renderToStaticMarkup): the same input gives the same HTML. Each case writes the component's tags on
// lines of their own (a block, not a paragraph) around a paragraph, given to React as a <p>.

const strings = { 'theme.admonition.tip': 'Tip (translated)' };
const site = { chrome: { strings }, page: {} } as unknown as SiteState;

const fromMarkdown = (source: string) => md(source, { strings }).html.trim();
const fromReact = (node: ReactNode) => renderToStaticMarkup(h(SiteContext.Provider, { value: site }, node));
const block = (open: string, close: string, body = 'body') => `${open}\n\n${body}\n\n${close}\n`;
const p = (text = 'body') => h('p', null, text);

describe('Admonition', () => {
  it('draws the same markup with a title', () => {
    const html = fromMarkdown(block('<Admonition type="tip" title="Mind this">', '</Admonition>'));
    expect(html).toBe('<div class="admonition admonition-tip"><div class="admonition-heading">Mind this</div><div class="admonition-content"><p>body</p></div></div>');
    expect(fromReact(h(Admonition, { type: 'tip', title: 'Mind this' }, p()))).toBe(html);
  });

  it('draws the same markup with the locale’s title of its type, and note by default', () => {
    const tip = fromMarkdown(block('<Admonition type="tip">', '</Admonition>'));
    expect(tip).toContain('<div class="admonition-heading">Tip (translated)</div>');
    expect(fromReact(h(Admonition, { type: 'tip' }, p()))).toBe(tip);
    const note = fromMarkdown(block('<Admonition>', '</Admonition>'));
    expect(note).toContain('admonition-note');
    expect(fromReact(h(Admonition, {}, p()))).toBe(note);
  });
});
