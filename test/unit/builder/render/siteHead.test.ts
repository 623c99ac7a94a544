import { describe, expect, it } from 'vitest';
import { siteHeadHtml } from '../../../../src/builder/render/siteHead.js';
import { prismThemeCss, type PrismTheme } from '../../../../src/builder/render/prismTheme.js';
import { contentSecurityPolicy } from '../../../../src/server/serve/securityHeaders.js';

// What the config adds to every page's head, as Docusaurus's headTags, stylesheets and scripts do, and
// the code colours of themeConfig.prism's theme objects.

describe('headTags, stylesheets and scripts', () => {
  it('writes each as a tag, attributes escaped, true as a bare attribute', () => {
    expect(
      siteHeadHtml({
        headTags: [
          { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://example.com' } },
          { tagName: 'script', attributes: { type: 'application/ld+json' }, innerHTML: '{"@type":"Organization"}' },
        ],
        stylesheets: ['https://cdn.example.com/katex.css', { href: '/extra.css', type: 'text/css', integrity: 'a"b' }],
        scripts: ['https://cdn.example.com/x.js', { src: '/y.js', async: true, defer: false }],
      }),
    ).toBe(
      '<link rel="preconnect" href="https://example.com">' +
        '<script type="application/ld+json">{"@type":"Organization"}</script>' +
        '<link rel="stylesheet" href="https://cdn.example.com/katex.css">' +
        '<link rel="stylesheet" href="/extra.css" type="text/css" integrity="a&quot;b">' +
        '<script src="https://cdn.example.com/x.js"></script>' +
        '<script src="/y.js" async></script>',
    );
    expect(siteHeadHtml({ headTags: [], stylesheets: [], scripts: [] })).toBeUndefined();
  });

  it("allows the hosts of the config's scripts and stylesheets in sitegen serve's policy", () => {
    const csp = contentSecurityPolicy({ scripts: ['https://cdn.example.com/x.js', '/local.js'], stylesheets: [{ href: 'https://fonts.example.org/a.css' }] });
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).toMatch(/script-src [^;]* https:\/\/cdn\.example\.com;/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline' https://fonts.example.org;");
  });
});

describe('prism themes', () => {
  const theme: PrismTheme = {
    plain: { color: '#393A34', backgroundColor: '#f6f8fa' },
    styles: [
      { types: ['comment', 'prolog'], style: { color: '#999988', fontStyle: 'italic' } },
      { types: ['string'], style: { color: '#e3116c' }, languages: ['js'] },
      { types: ['bad}'], style: { color: 'red' } },
      { types: ['punctuation'], style: { color: 'red;} body{display:none' } },
    ],
  };

  it('colours code blocks and tokens, the dark theme under the dark mode, and drops what could escape the rule', () => {
    expect(prismThemeCss({ theme, darkTheme: { plain: { backgroundColor: '#282A36' }, styles: [] } })).toBe(
      [
        '.code-block{color:#393A34;background:#f6f8fa}',
        '.code-block .token.comment,.code-block .token.prolog{color:#999988;font-style:italic}',
        '.code-block.language-js .token.string{color:#e3116c}',
        "html[data-theme='dark'] .code-block{background:#282A36}",
      ].join('\n'),
    );
    expect(prismThemeCss({})).toBeUndefined();
  });
});
