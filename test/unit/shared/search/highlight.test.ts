import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { findTerms, snippet, marked } from '../../../../src/shared/search/highlight.js';
import { splitHan, splitInTwo } from '../../../../src/shared/search/dictionary.js';
import { Marked } from '../../../../src/theme/components/search/Marked.js';

const words = (text: string, terms: string[]) => findTerms(text, terms).map(([s, e]) => text.slice(s, e));

describe('finding matched terms in text', () => {
  it('matches English words by their stem, identifiers whole or by parts', () => {
    expect(words('Installing the installation of Shifu', ['instal'])).toEqual(['Installing', 'installation']);
    expect(words('DeviceShifuTelemetries and deviceShifu-plc, pushtoMySQL', ['deviceshifu', 'mysql'])).toEqual(['DeviceShifu', 'deviceShifu', 'MySQL']);
    expect(words('call string.startswith here', ['string.startswith'])).toEqual(['string.startswith']);
  });

  it('matches Chinese words inside runs, longest first', () => {
    expect(words('本机安装与安装指南', ['安装', '本机'])).toEqual(['本机安装', '安装']);
  });

  it('finds nothing for terms that are not words of the text, whatever they hold', () => {
    expect(findTerms('Shifu <b>docs</b>', ['<b>', '</mark><script>'])).toEqual([]);
  });
});

describe('snippets', () => {
  const long =
    'Shifu is a Kubernetes native IoT development framework that greatly improves the efficiency of IoT development. Shifu makes every device a digital twin called deviceShifu that you can operate with HTTP APIs.';

  it('keeps at most the given length, ellipses included, around the first match', () => {
    for (const max of [20, 50, 120]) {
      const s = snippet(long, ['deviceshifu'], max);
      expect(s.text.length).toBeLessThanOrEqual(max);
      expect(s.text.slice(s.ranges[0][0], s.ranges[0][1])).toBe('deviceShifu');
      expect(s.text.startsWith('…')).toBe(true);
    }
    expect(snippet('Short text.', ['text'], 50)).toEqual({ text: 'Short text.', ranges: [[6, 10]] });
  });

  it('starts at the beginning when nothing matches, and grows Chinese text a character at a time', () => {
    expect(snippet(long, ['absent'], 30).text).toBe('Shifu is a Kubernetes native…');
    const zh = '物联网开发框架大大提高了物联网开发的效率。Shifu将每个设备变成一个数字孪生，称为deviceShifu，您可以通过HTTP API进行操作。';
    const s = snippet(zh, ['孪生'], 20);
    expect(s.text.length).toBeLessThanOrEqual(20);
    expect(s.ranges.map(([a, b]) => s.text.slice(a, b))).toEqual(['孪生']);
  });

  it('renders as text and <mark>, never as HTML', () => {
    const html = renderToStaticMarkup(createElement(Marked, { value: marked('a <img src=x onerror=alert(1)> install', ['instal']) }));
    expect(html).toBe('a &lt;img src=x onerror=alert(1)&gt; <mark>install</mark>');
  });
});

describe('splitting against the index words', () => {
  const dict = new Map([
    ['部署', 9],
    ['遥测', 5],
    ['服务', 20],
    ['遥测服务', 2],
    ['推送', 6],
    ['送至', 1],
  ]);
  const freq = (w: string) => dict.get(w) ?? 0;

  it('cuts a Han run into the fewest words, the frequent cut winning a tie', () => {
    expect(splitHan('部署遥测服务', freq)).toEqual({ words: ['部署', '遥测服务'], rest: '' });
    expect(splitHan('推送至', freq)).toEqual({ words: ['推送'], rest: '至' });
    expect(splitHan('的部署', freq)).toEqual({ words: ['部署'], rest: '' });
  });

  it('cuts an unknown Latin word into two known ones, the most even cut first', () => {
    const known = new Map([
      ['opc', 5],
      ['ua', 7],
      ['op', 1],
      ['cua', 1],
      ['o', 99],
    ]);
    const lookup = (p: string) => (known.has(p) ? { term: p, frequency: known.get(p)! } : undefined);
    expect(splitInTwo('opcua', lookup)).toEqual(['opc', 'ua']);
    expect(splitInTwo('xyzzy', () => undefined)).toBeUndefined();
  });
});
