import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { SiteContext, type SiteState } from '../../../../src/theme/context.js';
import { useActiveDocContext, useActiveVersion, useDocsPreferredVersion, useDocsVersionCandidates, useLatestVersion, useVersions } from '../../../../src/theme/api/docsClient.js';
import type { DocsVersionLink } from '../../../../src/shared/docsPlugins.js';

// The version hooks of `@docusaurus/plugin-content-docs/client`, rendered on the server (where no
// preference is known): the instance's versions, the latest, the active one by path, the doc's copies.

const versions: DocsVersionLink[] = [
  { name: 'current', label: 'Next', path: '/docs/next', mainDocUrl: '/docs/next/', isLast: false },
  { name: '2.0', label: '2.0', path: '/docs', mainDocUrl: '/docs/', isLast: true },
  { name: '1.0', label: '1.0', path: '/docs/1.0', mainDocUrl: '/docs/1.0/intro', isLast: false },
];

function run<T>(route: string, content: unknown, hook: () => T): T {
  let out: T | undefined;
  const Probe = () => {
    out = hook();
    return null;
  };
  const state = { chrome: { baseUrl: '/', strings: {}, docsPlugins: [{ id: 'default', path: '/docs', versions }] }, page: { route, content } } as unknown as SiteState;
  renderToString(
    <SiteContext.Provider value={state}>
      <Probe />
    </SiteContext.Provider>,
  );
  return out as T;
}

const doc = { kind: 'doc', docId: 'install', sidebarId: 'manual', version: { name: '1.0', label: '1.0', isLast: false }, alternateDocVersions: { '2.0': '/docs/install' } };

describe('docs client version hooks', () => {
  it('lists the versions and the latest', () => {
    expect(run('/blog', { kind: 'blogList' }, () => useVersions().map((v) => v.name))).toEqual(['current', '2.0', '1.0']);
    expect(run('/blog', { kind: 'blogList' }, () => useLatestVersion()?.name)).toBe('2.0');
  });

  it('finds the active version by path: the longest version path holding the page', () => {
    expect(run('/docs/1.0/install', doc, () => useActiveVersion()?.name)).toBe('1.0');
    expect(run('/docs/install', doc, () => useActiveVersion()?.name)).toBe('2.0');
    expect(run('/blog', { kind: 'blogList' }, () => useActiveVersion())).toBeUndefined();
  });

  it("gives a doc page's copies in every version, its own included", () => {
    const ctx = run('/docs/1.0/install', doc, () => useActiveDocContext());
    expect(ctx.activeVersion?.name).toBe('1.0');
    expect(ctx.activeDoc).toEqual({ id: 'install', path: '/docs/1.0/install', sidebar: 'manual' });
    expect(ctx.alternateDocVersions).toEqual({ '2.0': '/docs/install', '1.0': '/docs/1.0/install' });
  });

  it('orders the candidates without a preference on the server: active, then latest', () => {
    expect(run('/docs/1.0/install', doc, () => useDocsVersionCandidates().map((v) => v.name))).toEqual(['1.0', '2.0']);
    expect(run('/blog', { kind: 'blogList' }, () => useDocsVersionCandidates().map((v) => v.name))).toEqual(['2.0']);
    expect(run('/blog', { kind: 'blogList' }, () => useDocsPreferredVersion().preferredVersion)).toBeNull();
  });

  it('throws the spec error for an instance that does not exist', () => {
    expect(() => run('/blog', { kind: 'blogList' }, () => useVersions('api'))).toThrow('docs plugin not enabled with id "api"');
  });
});
