import { describe, expect, it } from 'vitest';
import { md } from '../../../../helpers/markdown.js';

// `markdown.html`: raw HTML (JSX) in markdown kept as written, sanitized, or refused at its line.

const dangerous = [
  '# Page', // 1
  '',
  '<script>alert(1)</script>', // 3
  '',
  '<div className="note" onClick="alert(2)">Click</div>', // 5
  '',
  '<img src="/img/a.png" onError="alert(3)" width="200" alt="A" />', // 7
  '',
  '<a href="javascript:alert(4)">j</a> <a href="JAVASCRIPT:alert(4)">J</a> <a href=" java&#115;cript:alert(4)">e</a> <a href="data:text/html,x">d</a>', // 9
  '',
  '<iframe src="https://www.youtube.com/embed/x" srcdoc="<script>alert(5)</script>" width="560"></iframe>', // 11
  '',
  '<div dangerouslySetInnerHTML={{ __html: "<img src=x onerror=alert(6)>" }} />', // 13
  '',
  '<style>{"body { display: none }"}</style>', // 15
  '',
  '<div id="__SITEGEN_DATA__">{"{}"}</div>', // 17
  '',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" /> <img src="data:image/svg+xml,<svg onload=alert(7)>" alt="svg" />', // 19
  '',
  '<marquee>moving</marquee>', // 21
].join('\n');

const ordinary = [
  '<details>',
  '<summary>More</summary>',
  '',
  'Hidden **text** and <kbd>Ctrl</kbd>+<kbd>C</kbd>, x<sup>2</sup>, H<sub>2</sub>O, <b>bold</b>.',
  '',
  '</details>',
  '',
  '<div className="card shadow" style={{ maxWidth: 300 }} data-kind="tip" aria-label="Card" id="card">',
  '',
  'Line one<br />line two <span title="t">span</span>',
  '',
  '</div>',
  '',
  '<img src="/img/logo.svg" width="80%" alt="Logo" />',
  '',
  '<video src="/media/demo.mp4" width="80%" controls></video>',
  '',
  '<iframe height="600" width="900" src="https://example.com/form/" frameborder="0" allowfullscreen sandbox="allow-scripts allow-forms"></iframe>',
  '',
  '<a href="https://shifu.dev" target="_blank" rel="noopener">site</a> <a href="/docs/intro#x">intro</a> <a href="mailto:hi@shifu.dev">mail</a>',
  '',
  '<table><tbody><tr><td align="right">1</td></tr></tbody></table>',
  '',
  'import Tabs from "@theme/Tabs";',
  'import TabItem from "@theme/TabItem";',
  '',
  '<Tabs groupId="os">',
  '  <TabItem value="linux" label="Linux" default>',
  '',
  'Run <code>make</code> <span onClick="alert(8)">here</span>.',
  '',
  '  </TabItem>',
  '</Tabs>',
].join('\n');

describe('markdown.html', () => {
  it('allow (the default) keeps raw HTML as written, as Docusaurus does', () => {
    const r = md(dangerous);
    expect(r.html).toContain('<script>alert(1)</script>');
    expect(r.html).toContain('onclick="alert(2)"');
    expect(r.html).toContain('srcdoc=');
    expect(r.html).toContain('<a href="javascript:alert(4)">j</a>');
    expect(md(dangerous, { html: 'allow' }).html).toBe(r.html);
    expect(r.problems.errors).toEqual([]);
  });

  it('sanitize strips script, event handlers, script and data: urls, srcdoc, injected HTML and reserved ids', () => {
    const r = md(dangerous, { html: 'sanitize' });
    expect(r.html).not.toMatch(/alert|<script|<style|onclick|onerror|srcdoc|javascript|dangerously|display: none|__SITEGEN|data:text|svg\+xml/i);
    expect(r.html).toContain('<div class="note">Click</div>');
    expect(r.html).toContain('<img src="/img/a.png" width="200" alt="A">');
    expect(r.html).toContain('<a>j</a> <a>J</a> <a>e</a> <a>d</a>');
    expect(r.html).toContain('<iframe src="https://www.youtube.com/embed/x" width="560"></iframe>');
    // Raster images as data: urls are kept; anything else in data: is not.
    expect(r.html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">\n<img alt="svg">');
    // An element that is not allowed but harmless gives way to its content.
    expect(r.html).toContain('<p>moving</p>');
    expect(r.problems.errors).toEqual([]);
  });

  it('sanitize keeps the HTML documentation uses, and theme components with raw HTML inside them', () => {
    const allowed = md(ordinary);
    const sanitized = md(ordinary, { html: 'sanitize' });
    expect(sanitized.html).toBe(allowed.html.replace(' onclick="alert(8)"', ''));
    expect(sanitized.html).toContain('<details class="details"><summary>More</summary>');
    expect(sanitized.html).toContain('<kbd>Ctrl</kbd>');
    expect(sanitized.html).toContain('<div class="card shadow" style="max-width:300px" data-kind="tip" aria-label="Card" id="card">');
    expect(sanitized.html).toContain('sandbox="allow-scripts allow-forms"');
    expect(sanitized.html).toContain('<div role="tablist"');
    expect(sanitized.html).toContain('Run <code>make</code> <span>here</span>.');
    expect(sanitized.anchors).toContain('card');
    expect(sanitized.problems.errors).toEqual([]);
  });

  it('error refuses each element and attribute at its line and column, with the way out', () => {
    const r = md(dangerous, { html: 'error' });
    const lines = dangerous.split('\n');
    const at = (line: number, text: string) => `${line}:${lines[line - 1].indexOf(text) + 1}`;
    expect(r.problems.errors.map((e) => `${e.line}:${e.column} ${e.message.replace(" (markdown.html is 'error')", '')}`)).toEqual([
      `3:1 Raw HTML element <script> is not allowed in markdown`,
      `${at(5, 'onClick')} Attribute onclick on <div> is not allowed in markdown`,
      `${at(7, 'onError')} Attribute onerror on <img> is not allowed in markdown`,
      `${at(9, 'href="javascript')} Attribute href="javascript:alert(4)" on <a> is not allowed in markdown`,
      `${at(9, 'href="JAVASCRIPT')} Attribute href="JAVASCRIPT:alert(4)" on <a> is not allowed in markdown`,
      `${at(9, 'href=" java')} Attribute href=" javascript:alert(4)" on <a> is not allowed in markdown`,
      `${at(9, 'href="data')} Attribute href="data:text/html,x" on <a> is not allowed in markdown`,
      `${at(11, 'srcdoc')} Attribute srcdoc on <iframe> is not allowed in markdown`,
      `${at(13, 'dangerously')} Attribute dangerouslySetInnerHTML on <div> is not allowed in markdown`,
      `15:1 Raw HTML element <style> is not allowed in markdown`,
      `${at(17, 'id=')} Attribute id on <div> is not allowed in markdown`,
      `${at(19, 'src="data:image/svg')} Attribute src="data:image/svg+xml,<svg onload=alert(7)>" on <img> is not allowed in markdown`,
      `21:1 Raw HTML element <marquee> is not allowed in markdown`,
    ]);
    expect(r.problems.errors[0]).toMatchObject({ file: '/site/docs/guide/page.md', message: "Raw HTML element <script> is not allowed in markdown (markdown.html is 'error')" });
    expect(r.problems.errors[0].hint).toContain("markdown: { html: 'sanitize' }");
    expect(md(ordinary, { html: 'error' }).problems.errors.map((e) => e.message)).toEqual(["Attribute onclick on <span> is not allowed in markdown (markdown.html is 'error')"]);
  });
});
