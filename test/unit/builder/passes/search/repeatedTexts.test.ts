import { describe, expect, it } from 'vitest';
import { indexTerms, type IndexTermsOptions } from '../../../../../src/shared/search/normalize.js';
import { RepeatedTexts } from '../../../../../src/builder/passes/search/repeatedTexts.js';

// A cold build cuts a section text that several indexes hold once (search/repeatedTexts.ts).

const page = (...texts: string[]) => ({ sections: texts.map((text) => ({ level: 2, heading: 'h', text })) });

describe('RepeatedTexts', () => {
  const shared = '安装指南 deviceShifu 部署';
  const once = '只在一处 telemetry';
  const input = { locales: [{ pages: [page(shared, once)] }, { pages: [page(shared)] }, { pages: [page(shared)] }] };

  it('gives the terms indexTerms gives, and cuts a repeated text once, until its last use', () => {
    const segment = (run: string) => (run.length > 2 ? [run.slice(0, 2), run.slice(2)] : [run]);
    const cuts: string[] = [];
    const options: IndexTermsOptions = { segmentHan: (run) => (cuts.push(run), segment(run)) };
    const repeated = new RepeatedTexts(input);
    for (const text of [shared, once, shared, shared]) expect(repeated.terms(text, options)).toEqual(indexTerms(text, { segmentHan: segment }));
    // The shared text's two Han runs were cut for its first use only; the other text's run once.
    expect(cuts.filter((c) => c === '安装指南')).toHaveLength(1);
    expect(cuts.filter((c) => c === '只在一处')).toHaveLength(1);
    // After its three uses the shared text is not kept: a fourth use cuts it again.
    repeated.terms(shared, options);
    expect(cuts.filter((c) => c === '安装指南')).toHaveLength(2);
  });
});
