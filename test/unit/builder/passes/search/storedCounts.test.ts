import { describe, expect, it } from 'vitest';
import type { SearchInput } from '../../../../../src/builder/passes/search/index.js';
import { indexContexts, type StoredTerms } from '../../../../../src/builder/passes/search/storedTerms.js';
import type { SearchPageInput } from '../../../../../src/builder/plugins/api.js';

// A context's terms as counted, kept with its terms in the cache on disk (search/storedCounts.ts): a
// build that changed a few pages, each with as many sections, counts those alone and makes the index
// that counting every page makes; any other change counts every page.

const section = (heading: string | undefined, text: string, code?: string) => ({
  level: 2,
  ...(heading ? { heading, id: heading.toLowerCase() } : {}),
  text: code ? `${text}\n${code}` : text,
  ...(code ? { prose: text, code } : {}),
});
const site = (): SearchPageInput[] =>
  ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'mu'].map((name, i) => ({
    url: `/docs/${name}/`,
    title: `The ${name} guide`,
    breadcrumbs: ['Docs'],
    ...(i % 3 === 0 ? { description: `How ${name} telemetry works` } : {}),
    sections: [
      section(undefined, `Intro of ${name}: the gateway sends telemetry every ${i + 1} seconds.`),
      section('Install', `Install ${name} with kubectl apply, then restart the deviceShifu.`, `kubectl apply -f ${name}Config.yaml\nserverAddress: 10.0.0.${i}:3306`),
      section('Usage', `Use ${name} from the shell; ${i % 2 ? 'MQTT' : 'OPC UA'} is supported.`),
    ],
  }));
const input = (pages: SearchPageInput[]): SearchInput => ({ baseUrl: '/', language: ['en'], locales: [{ locale: 'en', name: 'en', pages }] });
const edit = (pages: SearchPageInput[], i: number, change: (p: SearchPageInput) => SearchPageInput) => pages.map((p, k) => (k === i ? change(p) : p));
const withText = (p: SearchPageInput, s: number, text: string) => ({
  ...p,
  sections: p.sections.map((x, k) => (k === s ? { ...x, text, ...(x.prose ? { prose: text, text: `${text}\n${x.code}` } : {}) } : x)),
});

/** The index of `pages` made with the stored terms and counts of `before`, and made from nothing: both, with the terms kept. */
function both(before: StoredTerms, pages: SearchPageInput[]) {
  const kept = indexContexts(input(pages), [before]);
  const fresh = indexContexts(input(pages), [undefined]);
  return { kept, fresh };
}

describe('stored counts', () => {
  it('makes the index counting every page makes after each of several edits, and keeps the counts that counting makes', () => {
    let pages = site();
    let terms = indexContexts(input(pages), [undefined]).terms[0];
    expect(terms.counts?.pages.map((p) => p.url)).toEqual(pages.map((p) => p.url).sort());
    const edits: ((p: SearchPageInput[]) => SearchPageInput[])[] = [
      // A sentence added; a word only this page had goes, new ones come.
      (p) => edit(p, 2, (x) => withText(x, 2, 'Use gamma from the shell; Zigbee and LoRaWAN are supported now.')),
      // Code changed: a term only code held goes, another comes; a prose word now also in code.
      (p) => edit(p, 5, (x) => ({ ...x, sections: x.sections.map((s, k) => (k === 1 ? section('Install', 'Install zeta with helm.', 'helm install zeta ./chart\nrestart: always') : s)) })),
      // The title and the description of another page, and a text of a third.
      (p) =>
        edit(
          edit(p, 0, (x) => ({ ...x, title: 'Alpha, renamed', description: 'Nothing about telemetry' })),
          7,
          (x) => withText(x, 0, 'Theta has no intro any more'),
        ),
      // A page's text back as it was.
      (p) => edit(p, 2, () => site()[2]),
    ];
    for (const change of edits) {
      pages = change(pages);
      const { kept, fresh } = both(terms, pages);
      expect(kept.contexts).toEqual(fresh.contexts);
      expect(kept.terms[0].counts!.terms).toEqual(fresh.terms[0].counts!.terms);
      expect(kept.terms[0].counts!.encoded).toEqual(fresh.terms[0].counts!.encoded);
      expect(kept.terms[0].counts!.df).toEqual(fresh.terms[0].counts!.df);
      expect(kept.terms[0].counts!.lengths).toEqual(fresh.terms[0].counts!.lengths);
      const pageTerms = (t: StoredTerms) => t.counts!.pages.map((p) => ({ ...p, terms: p.terms.split('\u0000').sort() }));
      expect(pageTerms(kept.terms[0])).toEqual(pageTerms(fresh.terms[0]));
      // Only the texts the index used are kept, as when every page is counted.
      expect(new Map(kept.terms[0].texts)).toEqual(new Map(fresh.terms[0].texts));
      terms = kept.terms[0];
    }
  });

  it('makes the same index after random edits of random pages (a seeded sequence)', () => {
    // Words shared by many pages and by few, in prose and in code, so that edits splice postings
    // before, inside and after other pages' documents.
    const words = [
      'gateway',
      'telemetry',
      'device',
      'shifu',
      'mqtt',
      'restart',
      'install',
      'cluster',
      'edge',
      'driver',
      'protocol',
      'serverAddress',
      'kubectl',
      'port',
      'config',
      'opcua',
      'plc',
      'camera',
      'sensor',
      'update',
    ];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), Math.floor(seed / 65536) % n);
    const text = () => Array.from({ length: 3 + random(12) }, () => words[random(words.length)]).join(' ');
    const randomPage = (i: number): SearchPageInput => ({
      url: `/docs/p${String(i).padStart(2, '0')}/`,
      title: `Page ${words[i % words.length]}`,
      breadcrumbs: [],
      sections: Array.from({ length: 1 + (i % 4) }, (_, k) => section(k ? `Part ${k}` : undefined, text(), random(3) ? undefined : text())),
    });
    let pages = Array.from({ length: 24 }, (_, i) => randomPage(i));
    let terms = indexContexts(input(pages), [undefined]).terms[0];
    for (let round = 0; round < 30; round++) {
      const at = random(pages.length);
      pages = edit(pages, at, (x) => ({ ...x, sections: x.sections.map((s) => (random(2) ? section(s.heading, text(), random(2) ? text() : undefined) : s)) }));
      const { kept, fresh } = both(terms, pages);
      expect(kept.contexts).toEqual(fresh.contexts);
      expect({ ...kept.terms[0].counts, pages: undefined }).toEqual({ ...fresh.terms[0].counts, pages: undefined });
      terms = kept.terms[0];
    }
  });

  it('counts only the pages that changed: the others are read from the stored counts', () => {
    const pages = site();
    const { terms } = indexContexts(input(pages), [undefined]);
    // A mark on the stored postings of a term of an unchanged page shows that they are read back.
    const counts = terms[0].counts!;
    const at = counts.terms.indexOf('epsilon');
    const marked: StoredTerms = { ...terms[0], counts: { ...counts, encoded: counts.encoded.map((e, i) => (i === at ? '4' + e.slice(1) : e)) } };
    const { kept, fresh } = both(
      marked,
      edit(pages, 2, (x) => withText(x, 2, 'Use gamma from the shell, edited.')),
    );
    const epsilon = (t: StoredTerms) => t.counts!.encoded[t.counts!.terms.indexOf('epsilon')];
    expect(epsilon(kept.terms[0])).toBe(marked.counts!.encoded[at]);
    expect(epsilon(kept.terms[0])).not.toBe(epsilon(fresh.terms[0]));
  });

  it('counts every page when a section, a page or many pages changed', () => {
    const pages = site();
    const { terms } = indexContexts(input(pages), [undefined]);
    const counts = terms[0].counts!;
    const marked: StoredTerms = { ...terms[0], counts: { ...counts, encoded: counts.encoded.map((e) => e.replace(/^\d/, '4')) } };
    const changes: SearchPageInput[][] = [
      edit(pages, 3, (x) => ({ ...x, sections: [...x.sections, section('More', 'A new section about telemetry.')] })),
      [...pages.slice(0, 4), ...pages.slice(5)],
      [...pages, { ...pages[0], url: '/docs/nu/', title: 'Nu' }],
      edit(
        edit(
          edit(pages, 1, (x) => withText(x, 0, 'Beta, edited.')),
          6,
          (x) => withText(x, 0, 'Eta, edited.'),
        ),
        9,
        (x) => withText(x, 0, 'Kappa, edited.'),
      ),
    ];
    for (const changed of changes) {
      const { kept, fresh } = both(marked, changed);
      expect(kept.contexts).toEqual(fresh.contexts);
      expect(kept.terms[0].counts).toEqual(fresh.terms[0].counts);
    }
  });
});
