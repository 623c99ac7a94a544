import { describe, it, expect } from 'vitest';
import { decodeRequestPath, resolvePath, isContentHashed, type UrlRules } from '../../../../src/server/serve/urlRules.js';

const files = new Set(['index.html', '404.html', 'zh-Hans/404.html', 'docs/intro/index.html', 'docs/flat.html', 'img/logo.svg', 'zh-Hans/index.html']);
const exists = (rel: string) => files.has(rel);

function resolve(url: string, rules: Partial<UrlRules> = {}) {
  const decoded = decodeRequestPath(url);
  if ('bad' in decoded) return { kind: 'bad' as const, reason: decoded.bad };
  return resolvePath({ rules: { baseUrl: '/', localePrefixes: ['/zh-Hans/'], ...rules }, ...decoded, exists });
}

describe('decodeRequestPath', () => {
  it.each([
    ['/../etc/passwd', 'dot segment'],
    ['/%2e%2e/etc/passwd', 'dot segment'],
    ['/a/%2E/b', 'dot segment'],
    ['/%252e%252e/x', 'double percent-encoding'],
    ['/a%5cb', 'control character or backslash'],
    ['/a%00b', 'control character or backslash'],
    ['/%E0%A4%A', 'malformed percent-encoding'],
    ['//evil.example/x', 'not a path'],
    ['/%2F%2Fevil.example', 'not a path'],
    ['http://evil.example/', 'not a path'],
  ])('refuses %s (%s)', (url, reason) => {
    expect(decodeRequestPath(url)).toEqual({ bad: reason });
  });

  it('keeps the query apart and decodes unicode paths', () => {
    expect(decodeRequestPath('/docs/%E4%B8%AD%E6%96%87?q=1#x')).toEqual({ pathname: '/docs/中文', rawPathname: '/docs/%E4%B8%AD%E6%96%87', search: '?q=1' });
  });
});

describe('resolvePath', () => {
  it('serves /x and /x/ from x/index.html when trailingSlash is unset', () => {
    expect(resolve('/docs/intro')).toEqual({ kind: 'file', rel: 'docs/intro/index.html' });
    expect(resolve('/docs/intro/')).toEqual({ kind: 'file', rel: 'docs/intro/index.html' });
    expect(resolve('/docs/flat')).toEqual({ kind: 'file', rel: 'docs/flat.html' });
    expect(resolve('/')).toEqual({ kind: 'file', rel: 'index.html' });
  });

  it('redirects to the configured trailing slash form, keeping the query', () => {
    expect(resolve('/docs/intro?a=1', { trailingSlash: true })).toEqual({ kind: 'redirect', location: '/docs/intro/?a=1' });
    expect(resolve('/docs/flat/', { trailingSlash: false })).toEqual({ kind: 'redirect', location: '/docs/flat' });
    expect(resolve('/docs/intro/', { trailingSlash: true })).toEqual({ kind: 'file', rel: 'docs/intro/index.html' });
  });

  it("answers a miss with the locale's own 404 page", () => {
    expect(resolve('/zh-Hans/nope')).toEqual({ kind: 'notFound', page: 'zh-Hans/404.html' });
    expect(resolve('/nope')).toEqual({ kind: 'notFound', page: '404.html' });
  });

  it('maps urls below the base url and sends the bare root there', () => {
    const rules = { baseUrl: '/site/', localePrefixes: ['/site/zh-Hans/'] };
    expect(resolve('/site/docs/intro', rules)).toEqual({ kind: 'file', rel: 'docs/intro/index.html' });
    expect(resolve('/', rules)).toEqual({ kind: 'redirect', location: '/site/' });
    expect(resolve('/site', rules)).toEqual({ kind: 'redirect', location: '/site/' });
    expect(resolve('/other/x', rules)).toEqual({ kind: 'notFound', page: '404.html' });
    expect(resolve('/site/zh-Hans/x', rules)).toEqual({ kind: 'notFound', page: 'zh-Hans/404.html' });
  });
});

describe('isContentHashed', () => {
  it.each([
    ['assets/js/main.4KQ2ZB7A.js', true],
    ['assets/css/main.ABCDEFGH.css', true],
    ['assets/data/sidebar-en-docs.1a2b3c4d5e.json', true],
    ['assets/files/diagram-0f1e2d3c.png', true],
    ['assets/search/en.0f1e2d3c4b.json', true],
    // The search pointer keeps its name across builds: revalidated, never cached for good.
    ['assets/search/en.current.json', false],
    ['assets/search/zh-Hans.current.json', false],
    ['img/shifu-architecture.png', false],
    ['assets/img/team-portrait.png', false],
    ['docs/intro/index.html', false],
  ])('%s → %s', (rel, hashed) => {
    expect(isContentHashed(rel)).toBe(hashed);
  });
});
