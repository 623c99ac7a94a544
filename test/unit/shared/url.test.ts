// The url rules of src/shared/url.ts: external detection, base-url joins, the locale prefix, the
// trailing-slash rule, path normalisation and where a route's files live.
import { describe, it, expect } from 'vitest';
import {
  absoluteUrl,
  applyTrailingSlash,
  decodeUriSafe,
  encodedAbsoluteUrl,
  encodePathname,
  ensureTrailingSlash,
  isAbsoluteUrl,
  isExternalUrl,
  localeBaseUrl,
  normalizePathname,
  pathnameUrl,
  routeToDataFile,
  routeToFile,
  samePathname,
  splitPath,
  staticUrl,
  stripTrailingSlash,
  underBase,
  withBase,
} from '../../../src/shared/url.js';

describe('isExternalUrl / isAbsoluteUrl', () => {
  it.each([
    ['https://example.com/x', true, true],
    ['HTTP://EXAMPLE.COM', true, true],
    ['//cdn.example.com/a.js', true, true],
    ['mailto:a@b.c', true, true],
    ['data:image/png;base64,AAAA', true, true],
    ['git+ssh://host/repo', true, true],
    ['pathname:///files/a.pdf', false, true],
    ['/docs/intro', false, false],
    ['docs/intro', false, false],
    ['./a.md', false, false],
    ['#section', false, false],
    ['1http://x', false, false],
    ['', false, false],
  ])('%s: external %s, absolute %s', (url, external, absolute) => {
    expect(isExternalUrl(url)).toBe(external);
    expect(isAbsoluteUrl(url)).toBe(absolute);
  });
});

describe('base url joins', () => {
  it("underBase adds the base url once, as Docusaurus's Link: a path already under it stays, the base without its slash is the base", () => {
    expect(underBase('/base/', '/docs/a')).toBe('/base/docs/a');
    expect(underBase('/base/', '/base/docs/a')).toBe('/base/docs/a');
    expect(underBase('/base/', '/base')).toBe('/base/');
    expect(underBase('/base/', '/baseline/x')).toBe('/base/baseline/x');
    expect(underBase('/', '/docs/a')).toBe('/docs/a');
  });

  it('withBase drops leading slashes of the path (no protocol-relative url under a base of "/")', () => {
    expect(withBase('/', '/img/x.png')).toBe('/img/x.png');
    expect(withBase('/base/', 'img/x.png')).toBe('/base/img/x.png');
    expect(withBase('/base/', '/img/x.png')).toBe('/base/img/x.png');
    expect(withBase('/', '//evil.example/x')).toBe('/evil.example/x');
    expect(withBase('/base/', '')).toBe('/base/');
  });

  it('staticUrl keeps absolute urls and puts paths under the base url', () => {
    expect(staticUrl('/base/', 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(staticUrl('/base/', '//cdn.example/a.png')).toBe('//cdn.example/a.png');
    expect(staticUrl('/base/', 'data:image/svg+xml,<svg/>')).toBe('data:image/svg+xml,<svg/>');
    expect(staticUrl('/base/', '/img/favicon.ico')).toBe('/base/img/favicon.ico');
    expect(staticUrl('/base/', 'img/favicon.ico')).toBe('/base/img/favicon.ico');
  });

  it('pathnameUrl puts a pathname:// link under the site base url', () => {
    expect(pathnameUrl('/', 'pathname:///files/a.pdf')).toBe('/files/a.pdf');
    expect(pathnameUrl('/base/', 'pathname://files/a.pdf')).toBe('/base/files/a.pdf');
  });

  it('localeBaseUrl: the default locale at the base url, others under their path', () => {
    expect(localeBaseUrl('/', undefined)).toBe('/');
    expect(localeBaseUrl('/', 'zh-Hans')).toBe('/zh-Hans/');
    expect(localeBaseUrl('/base/', 'fr')).toBe('/base/fr/');
  });

  it('absoluteUrl puts a path on the origin and keeps http(s) urls', () => {
    expect(absoluteUrl('https://site.io', '/base/img/a.png')).toBe('https://site.io/base/img/a.png');
    expect(absoluteUrl('https://site.io', 'http://other.io/a.png')).toBe('http://other.io/a.png');
  });
});

describe('trailing slashes', () => {
  it('applyTrailingSlash: unset keeps links as written; true adds, false removes; files, the root, query and hash kept', () => {
    expect(applyTrailingSlash('/docs/a', undefined)).toBe('/docs/a');
    expect(applyTrailingSlash('/docs/a?x=1#h', true)).toBe('/docs/a/?x=1#h');
    expect(applyTrailingSlash('/docs/a/#h', false)).toBe('/docs/a#h');
    expect(applyTrailingSlash('/docs/a//', false)).toBe('/docs/a');
    expect(applyTrailingSlash('/files/a.pdf', true)).toBe('/files/a.pdf');
    expect(applyTrailingSlash('/', false)).toBe('/');
    expect(applyTrailingSlash('?q=1', true)).toBe('?q=1');
  });

  it('strip and ensure', () => {
    expect(stripTrailingSlash('/a//')).toBe('/a');
    expect(stripTrailingSlash('/')).toBe('');
    expect(ensureTrailingSlash('/a')).toBe('/a/');
    expect(ensureTrailingSlash('/a//')).toBe('/a/');
    expect(ensureTrailingSlash('')).toBe('/');
  });

  it('splitPath separates the path from query and hash', () => {
    expect(splitPath('/a/?q=1#h')).toEqual(['/a/', '?q=1#h']);
    expect(splitPath('/a#h?x')).toEqual(['/a', '#h?x']);
    expect(splitPath('/a')).toEqual(['/a', '']);
  });
});

describe('path normalisation', () => {
  it('normalizePathname decodes, drops index.html and trailing slashes, keeps "/" for the root', () => {
    expect(normalizePathname('/docs/a/')).toBe('/docs/a');
    expect(normalizePathname('/docs/a/index.html')).toBe('/docs/a');
    expect(normalizePathname('/index.html')).toBe('/');
    expect(normalizePathname('/')).toBe('/');
    expect(normalizePathname('')).toBe('/');
    expect(normalizePathname('/docs/%E4%B8%AD%E6%96%87/')).toBe('/docs/中文');
    expect(normalizePathname('/docs/100%')).toBe('/docs/100%');
    expect(normalizePathname('/docs/a.html')).toBe('/docs/a.html');
    expect(normalizePathname('/docs/a.html', { html: true })).toBe('/docs/a');
  });

  it('samePathname ignores a trailing slash, index.html and percent-encoding', () => {
    expect(samePathname('/docs/a', '/docs/a/')).toBe(true);
    expect(samePathname('/docs/a/index.html', '/docs/a')).toBe(true);
    expect(samePathname('/docs/%C3%A9', '/docs/é/')).toBe(true);
    expect(samePathname('/docs/a', '/docs/b')).toBe(false);
  });

  it('encodePathname encodes each segment once', () => {
    expect(encodePathname('/a b/%C3%A9/c')).toBe('/a%20b/%C3%A9/c');
  });
});

describe('output files of a route', () => {
  it('routeToFile follows the trailing-slash rule', () => {
    expect(routeToFile('/', undefined)).toBe('index.html');
    expect(routeToFile('/docs/a', undefined)).toBe('docs/a/index.html');
    expect(routeToFile('/docs/a', false)).toBe('docs/a.html');
    expect(routeToFile('/docs/a/', false)).toBe('docs/a/index.html');
    expect(routeToFile('/404.html', true)).toBe('404.html');
    expect(routeToFile('/docs/%E4%B8%AD', undefined)).toBe('docs/中/index.html');
  });

  it('routeToDataFile: the page data next to the page', () => {
    expect(routeToDataFile('/')).toBe('__page.json');
    expect(routeToDataFile('/docs/a')).toBe('docs/a/__page.json');
    expect(routeToDataFile('/docs/a.html')).toBe('docs/a/__page.json');
  });
});

describe('decoding and absolute urls for feeds and sitemaps', () => {
  it('decodeUriSafe keeps a malformed escape as written', () => {
    expect(decodeUriSafe('/a%20b')).toBe('/a b');
    expect(decodeUriSafe('/100%')).toBe('/100%');
    // Reserved characters decodeURI keeps encoded stay so; a string without "%" comes back as it is.
    expect(decodeUriSafe('/a%2Fb%3F%23')).toBe('/a%2Fb%3F%23');
    expect(decodeUriSafe('/docs/中文 a?b=1#c')).toBe('/docs/中文 a?b=1#c');
  });

  it('encodedAbsoluteUrl percent-encodes a path once, on the origin', () => {
    expect(encodedAbsoluteUrl('https://site.io', '/docs/中文/')).toBe('https://site.io/docs/%E4%B8%AD%E6%96%87/');
    expect(encodedAbsoluteUrl('https://site.io', '/docs/%E4%B8%AD/')).toBe('https://site.io/docs/%E4%B8%AD/');
    expect(encodedAbsoluteUrl('https://site.io', '/100%')).toBe('https://site.io/100%25');
  });
});
