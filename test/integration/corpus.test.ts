import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, type MemoryBuild } from '../helpers/buildFixture.js';
import { corpusConfig, referenceDir, requireShared } from '../helpers/paths.js';
import type { SidebarItem } from '../../src/shared/types.js';
import { routeToDataFile } from '../../src/shared/url.js';

// The real Docusaurus corpus (../shared/corpus/shifu.dev) built with our fixture config, compared with
// what Docusaurus 3 produced from it (../shared/reference).

// Deliberate differences from Docusaurus, each with its reason. Empty today: none are needed.
const DELIBERATE_DIFFERENCES: { what: string; why: string }[] = [];

let built: MemoryBuild;

beforeAll(async () => {
  requireShared();
  built = await buildInMemory(corpusConfig);
}, 120_000);

const readRef = (name: string) => fs.readFileSync(path.join(referenceDir, name), 'utf8');
const ourRoutes = () => built.result.rendered.map((r) => (r.page.route.endsWith('.html') ? r.page.route : r.page.route.replace(/\/?$/, '/')));

describe('corpus build', () => {
  it('builds both locales with zero errors', () => {
    expect(built.result.locales).toEqual(['en', 'zh-Hans']);
    expect(DELIBERATE_DIFFERENCES.every((d) => d.why.length > 0)).toBe(true);
  });

  it('(a) produces every docs route of the reference and no other', () => {
    const isDocs = (r: string) => /^\/(zh-Hans\/)?docs\//.test(r);
    const expected = readRef('shifu.dev-docusaurus-routes.txt').split('\n').filter(Boolean).filter(isDocs).sort();
    const ours = ourRoutes().filter(isDocs).map((r) => decodeURI(r)).sort();
    expect(ours).toEqual(expected);
  });

  for (const locale of ['en', 'zh-Hans']) {
    it(`(b) generates the ${locale} docs sidebar exactly as Docusaurus did`, () => {
      const model = built.result.site.locales.find((l) => l.info.locale === locale)!;
      const lines = ['# sidebar tutorialSidebar'];
      const walk = (items: SidebarItem[], depth: number) => {
        for (const item of items) {
          const indent = '  '.repeat(depth);
          if (item.type === 'link') lines.push(`${indent}link\t${item.label}\t${item.href}`);
          else {
            lines.push(`${indent}category\t${item.label}\t${item.href ?? '-'}`);
            walk(item.items, depth + 1);
          }
        }
      };
      walk(model.docs!.sidebar.items, 0);
      expect(lines.join('\n') + '\n').toEqual(readRef(`shifu.dev-docusaurus-sidebar.${locale}.tsv`));
    });
  }

  it('(c) gives every docs page the heading ids Docusaurus gave it', () => {
    const rows = readRef('shifu.dev-docusaurus-heading-ids.tsv').split('\n').filter(Boolean);
    let checked = 0;
    for (const row of rows) {
      const [route, ids = ''] = row.split('\t');
      if (!/^\/(zh-Hans\/)?docs\//.test(route)) continue;
      const data = built.sink.read(routeToDataFile(route));
      expect(data, `page data of ${route}`).toBeDefined();
      const html = JSON.parse(data!).page.bodyHtml as string;
      const ours = [...html.matchAll(/<h[2-6][^>]*\bid="([^"]+)"/g)].map((m) => decodeEntities(m[1]));
      expect(ours, route).toEqual(ids ? ids.split(' ') : []);
      checked++;
    }
    expect(checked).toBe(114);
  });
});

function decodeEntities(s: string): string {
  return s.replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16))).replace(/&amp;/g, '&').replace(/&quot;/g, '"');
}
