import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { svgComponentModule } from '../../../../src/builder/bundle/site/svgComponent.js';

// The React component generated from an SVG file (as Docusaurus's SVGR), rendered with the props a
// page gives it.

function component(svg: string): (props: Record<string, unknown>) => unknown {
  const code = svgComponentModule(svg)
    .replace(/^import .*$/m, '')
    .replace('export default function', 'return function');
  return new Function('h', code)(createElement) as (props: Record<string, unknown>) => unknown;
}
const render = (svg: string, props: Record<string, unknown> = {}) => renderToStaticMarkup(createElement(component(svg) as never, props));

const file = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<!-- exported by a drawing tool -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" class="icon">
  <title>Own title</title>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
  <use xlink:href="#g" style="fill-opacity: .5; -webkit-transform: none"/>
  <text x="1" y="2">A &amp; B</text>
</svg>`;

describe('svgComponentModule', () => {
  it('turns the attributes into React props and drops the XML declaration, doctype and comments', () => {
    expect(render(file)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" class="icon"><title>Own title</title><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"></stop></linearGradient></defs><use xlink:href="#g" style="fill-opacity:.5;-webkit-transform:none"></use><text x="1" y="2">A &amp; B</text></svg>',
    );
  });

  it('passes the props it is given to the <svg>, over the file’s own', () => {
    expect(render(file, { className: 'logo', role: 'img', width: 32 })).toMatch(/^<svg [^>]*viewBox="0 0 10 10" class="logo" role="img" width="32">/);
  });

  it('puts a title prop in place of the file’s <title>, labelling the svg with titleId', () => {
    const html = render(file, { title: 'Given title', titleId: 'logo-title' });
    expect(html).toMatch(/^<svg [^>]*aria-labelledby="logo-title"[^>]*><title id="logo-title">Given title<\/title><defs>/);
    expect(html).not.toContain('Own title');
    expect(render('<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>', { title: 'T', titleId: 't' })).toBe(
      '<svg viewBox="0 0 1 1" aria-labelledby="t"><title id="t">T</title><path d="M0 0"></path></svg>',
    );
  });

  it('fails on a file that is not an SVG or is not well formed', () => {
    expect(() => svgComponentModule('<html></html>')).toThrow('The file has no <svg> element');
    expect(() => svgComponentModule('<svg><g></svg>')).toThrow('Unexpected </svg> in the SVG file');
    expect(() => svgComponentModule('<svg><g>')).toThrow('<g> is not closed in the SVG file');
  });
});
