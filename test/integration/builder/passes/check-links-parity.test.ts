import { describe, expect, it } from 'vitest';
import { build } from '../../../../src/builder/build.js';
import { MemorySink } from '../../../../src/builder/output/sink.js';
import { checkSiteLinks } from '../../../../src/builder/pipeline/checkLinks.js';
import type { Problem } from '../../../../src/builder/errors.js';
import { makeSite } from '../../../helpers/site.js';

// `check-links` and `build` report the same broken links and anchors, and fail on the same ones: a
// site with a broken markdown link, a broken anchor, a broken navbar link and a React page whose
// <Link>s have a broken link and anchor, under each setting of onBrokenLinks / onBrokenAnchors. Before they shared the link stage, check-links failed on links
// and anchors the config only warns about, listed links the config ignores, and build reported a
// site's broken anchors only once its broken links were fixed.

const files = {
  'docs/a.md': '# A\n\n[gone](/docs/nope) and [x](/docs/b#missing)\n\n[fine](/docs/b#there)\n',
  'docs/b.md': '# B\n\n## There\n',
  'src/pages/plans.tsx': 'import Link from \'@docusaurus/Link\';\nexport default function P() {\n  return <p><Link to="/docs/plans">Plans</Link> <Link to="/docs/b#gone">B</Link></p>;\n}\n',
};
const navbar = {
  items: [
    { to: '/docs/gone', label: 'Gone' },
    { to: '/docs/a', label: 'A' },
  ],
};
const where = (p: Problem) => `${p.file?.replace(/^.*\/(docs\/|site\.config|src\/pages\/)/, '$1')}:${p.line ?? ''}:${p.column ?? ''} ${p.message}`;

type Behaviour = 'throw' | 'warn' | 'ignore';

async function fromBuild(configFile: string): Promise<{ failing: string[]; warnings: string[] }> {
  try {
    const result = await build({ configFile, sink: new MemorySink() });
    return {
      failing: [],
      warnings: result.warnings
        .filter((w) => w.message.startsWith('Broken '))
        .map(where)
        .sort(),
    };
  } catch (e) {
    return { failing: ((e as { problems?: Problem[] }).problems ?? []).map(where).sort(), warnings: [] };
  }
}

async function fromCheckLinks(configFile: string): Promise<{ failing: string[]; warnings: string[]; ok: boolean }> {
  const report = await checkSiteLinks({ config: configFile, cache: false });
  const all = [...report.brokenLinks.map((p) => ({ p, what: 'Broken link' })), ...report.brokenAnchors.map((p) => ({ p, what: 'Broken anchor' }))];
  return {
    ok: report.ok,
    failing: all
      .filter((x) => report.failing.includes(x.p))
      .map((x) => where(x.p))
      .sort(),
    warnings: all
      .filter((x) => !report.failing.includes(x.p))
      .map((x) => where({ ...x.p, message: `${x.what} ${x.p.message}` }))
      .sort(),
  };
}

const cases: [Behaviour, Behaviour][] = [
  ['warn', 'warn'],
  ['ignore', 'throw'],
  ['throw', 'throw'],
  ['throw', 'ignore'],
];

describe('check-links and build agree', () => {
  for (const [onBrokenLinks, onBrokenAnchors] of cases) {
    it(`onBrokenLinks: '${onBrokenLinks}', onBrokenAnchors: '${onBrokenAnchors}'`, async () => {
      const { configFile } = makeSite(files, { onBrokenLinks, onBrokenAnchors, themeConfig: { navbar } });
      const built = await fromBuild(configFile);
      const checked = await fromCheckLinks(configFile);
      expect(checked.failing).toEqual(built.failing);
      expect(checked.warnings).toEqual(built.warnings);
      expect(checked.ok).toBe(built.failing.length === 0);
      // And what they agree on is what the config asks for.
      const link = 'docs/a.md:3:1 ';
      const anchor = 'no element with id "missing" on /docs/b';
      const reported = [...built.failing, ...built.warnings];
      const has = (list: string[], ...parts: string[]) => list.some((s) => parts.every((p) => s.includes(p)));
      expect(has(reported, link, '→ /docs/nope')).toBe(onBrokenLinks !== 'ignore');
      expect(has(reported, 'site.config', '→ /docs/gone')).toBe(onBrokenLinks !== 'ignore');
      expect(has(built.failing, '→ /docs/nope')).toBe(onBrokenLinks === 'throw');
      expect(has(reported, anchor)).toBe(onBrokenAnchors !== 'ignore');
      expect(has(built.failing, anchor)).toBe(onBrokenAnchors === 'throw');
      expect(has(reported, '#there')).toBe(false);
      // The React page's: reported with the markdown's, in one report.
      expect(has(reported, 'src/pages/plans.tsx:3:', '→ /docs/plans')).toBe(onBrokenLinks !== 'ignore');
      expect(has(built.failing, '→ /docs/plans')).toBe(onBrokenLinks === 'throw');
      expect(has(reported, 'no element with id "gone" on /docs/b')).toBe(onBrokenAnchors !== 'ignore');
      expect(has(built.failing, 'no element with id "gone"')).toBe(onBrokenAnchors === 'throw');
    });
  }
});
