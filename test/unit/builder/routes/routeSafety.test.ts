import { describe, it, expect } from 'vitest';
import { checkRoutesStayInside } from '../../../../src/builder/routes/routeSafety.js';
import { ProblemCollector } from '../../../../src/builder/errors.js';
import type { LocaleModel } from '../../../../src/builder/routes/manifest.js';

// Every route's output files stay inside the output folder and fit on the disk (routeSafety.ts): the
// plain routes that need no decoding are passed at once, and whatever is not plain is still checked
// the long way (a dot segment, an encoded one, a segment too long for a file name).

function problemsOf(paths: string[], opts: { baseUrl?: string; trailingSlash?: boolean } = {}): string[] {
  const problems = new ProblemCollector();
  const locale = { routes: paths.map((p) => ({ path: p, type: 'page', locale: 'en', data: {} })) } as unknown as LocaleModel;
  checkRoutesStayInside({ locales: [locale], baseUrl: opts.baseUrl ?? '/', trailingSlash: opts.trailingSlash, problems });
  return problems.errors.map((p) => p.message);
}

describe('checkRoutesStayInside', () => {
  it('passes plain routes', () => {
    expect(problemsOf(['/', '', '/docs/', '/docs/next/section-01/topic-030', '/blog/2024/01/a.b_c-d', '/docs/x.html', `/${'a'.repeat(200)}`])).toEqual([]);
  });

  it('still finds dot segments, encoded ones and doubled slashes', () => {
    expect(problemsOf(['/docs/../../etc'])).toHaveLength(1);
    expect(problemsOf(['/docs/%2e%2e/x'])).toHaveLength(1);
    expect(problemsOf(['//etc/x'])).toHaveLength(1);
    expect(problemsOf(['/docs/%zz'])).toHaveLength(1);
  });

  it('measures long segments at the edge of a file name', () => {
    // 250 characters and ".html": 255 bytes, the most a file name may have; one more is too long.
    expect(problemsOf([`/${'a'.repeat(250)}`], { trailingSlash: false })).toEqual([]);
    expect(problemsOf([`/${'a'.repeat(251)}`], { trailingSlash: false })[0]).toMatch(/too long for a file name/);
    expect(problemsOf([`/${'é'.repeat(130)}`])[0]).toMatch(/too long for a file name/);
  });

  it('checks routes under the base url from the site root', () => {
    expect(problemsOf(['/base/docs/x'], { baseUrl: '/base/' })).toEqual([]);
    expect(problemsOf(['/base/../x'], { baseUrl: '/base/' })).toHaveLength(1);
  });
});
