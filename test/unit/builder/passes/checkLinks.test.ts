// The broken-link pass: a link leads to a route when the url it resolves to (as a browser resolves it
// on its page) is one, whichever way it is written. Plain paths are taken as they are, without parsing
// them as URLs (checkLinks.ts plainPath): these cases sit on both sides of that line.
import { describe, expect, it } from 'vitest';
import { checkLinks, type LinkSource, type LinkTargets } from '../../../../src/builder/passes/checkLinks.js';

const targets: LinkTargets = {
  routes: new Map([
    ['/docs/a', { route: '/docs/a', anchors: ['intro'] }],
    ['/docs/b', { route: '/docs/b', anchors: [] }],
    ['/docs/a b', { route: '/docs/a b', anchors: [] }],
    ['/docs/é', { route: '/docs/é', anchors: [] }],
    ['/', { route: '/', anchors: [] }],
  ]),
  staticFiles: { files: new Map(), localePrefixes: [], has: (p: string) => p === '/img/x.png' },
  extraFiles: new Set(),
  baseUrl: '/',
};

/** The urls among `urls` that checkLinks finds broken, linked from /docs/a/ (as its file says). */
function broken(urls: string[]): string[] {
  const sources: LinkSource[] = [{ route: '/docs/a/', sourceFile: 'docs/a.md', links: urls.map((url, i) => ({ url, line: i + 1 })) }];
  const found = checkLinks(targets, sources);
  return [...found.brokenLinks, ...found.brokenAnchors].map((p) => p.message.split(' ')[1]);
}

describe('checkLinks', () => {
  it('takes plain paths as they are, and resolves every other url as new URL() does', () => {
    // Plain paths: found, or broken, as written.
    expect(broken(['/docs/a', '/docs/b/', '/docs/b.html', '/', '/img/x.png'])).toEqual([]);
    expect(broken(['/docs/c', '/docs//a', '/docs/a/x'])).toEqual(['/docs/c', '/docs//a', '/docs/a/x']);
    // Dot segments, escapes, a backslash, a query, a hash, relative urls: resolved first.
    const resolved = ['/docs/x/../a', '/docs/./b', '/docs/b/.', '/docs/%61', '/docs/a%20b', '/docs/a b', '/docs/é', '/docs\\b', '/docs/b?x=1', '/docs/a#intro', '../b', './', '.', '?q'];
    expect(broken(resolved)).toEqual([]);
    expect(broken(['/docs/x/..', '/docs/%2e%2e/a', '/docs/a#nowhere'])).toEqual(['/docs/x/..', '/docs/%2e%2e/a', '/docs/a#nowhere']);
  });

  it('reports a broken link at its line, or at its page when it has no place of its own', () => {
    const sources: LinkSource[] = [
      { route: '/docs/a', sourceFile: 'docs/a.md', links: [{ url: '/docs/c', line: 3, column: 5 }] },
      { route: '/docs/b', links: [{ url: '/nowhere' }] },
    ];
    expect(checkLinks(targets, sources).brokenLinks).toEqual([
      { message: '→ /docs/c (did you mean /docs/a?)', file: 'docs/a.md', line: 3, column: 5 },
      { message: '→ /nowhere', file: '(route /docs/b)', line: undefined, column: undefined },
    ]);
  });
});
