import { describe, expect, it } from 'vitest';
import { splitWords, splitParts, compoundTerms } from '../../../../src/shared/search/tokenize.js';
import { indexTerms, normalizeLatin } from '../../../../src/shared/search/normalize.js';
import { languageOptions } from '../../../../src/builder/passes/search/language.js';

describe('splitWords', () => {
  it('cuts Latin compounds and Han runs apart, with offsets', () => {
    const text = '安装 deviceShifu：在Kubernetes中部署 OPC UA, C++ and string.startswith!';
    const words = splitWords(text);
    expect(words.map((w) => w.text)).toEqual(['安装', 'deviceShifu', '在', 'Kubernetes', '中部署', 'OPC', 'UA', 'C++', 'and', 'string.startswith']);
    for (const w of words) expect(text.slice(w.start, w.end)).toBe(w.text);
    expect(words.filter((w) => w.han).map((w) => w.text)).toEqual(['安装', '在', '中部署']);
  });

  it('keeps connectors only between letters and digits', () => {
    expect(splitWords('see https://shifu.dev/docs, or edge-device.').map((w) => w.text)).toEqual(['see', 'https', 'shifu.dev/docs', 'or', 'edge-device']);
  });
});

describe('compound words', () => {
  it('splits at connectors and case changes, never at digits', () => {
    expect(splitParts('pushtoMySQL').map((p) => p.text)).toEqual(['pushto', 'My', 'SQL']);
    expect(splitParts('HTTPServer').map((p) => p.text)).toEqual(['HTTP', 'Server']);
    expect(splitParts('k8s.io/api', 10)).toEqual([
      { text: 'k8s', start: 10, end: 13 },
      { text: 'io', start: 14, end: 16 },
      { text: 'api', start: 17, end: 20 },
    ]);
  });

  it('indexes an identifier whole, in parts and by runs of its parts', () => {
    expect(compoundTerms('deviceShifu')).toEqual({ whole: 'deviceshifu', parts: ['device', 'shifu'], joins: [] });
    expect(compoundTerms('pushtoMySQL')).toEqual({ whole: 'pushtomysql', parts: ['pushto', 'my', 'sql'], joins: ['pushtomy', 'mysql'] });
    expect(compoundTerms('deviceShifu-plc')).toEqual({ whole: 'deviceshifu-plc', parts: ['device', 'shifu', 'plc'], joins: ['deviceshifu'] });
    expect(compoundTerms('string.startswith')).toEqual({ whole: 'string.startswith', parts: ['string', 'startswith'], joins: [] });
    expect(compoundTerms('OPCUA')).toEqual({ whole: 'opcua', parts: [], joins: [] });
    expect(compoundTerms('shifu')).toEqual({ whole: 'shifu', parts: [], joins: [] });
  });

  it('indexes a hyphenated word joined too, but not other connectors or digits', () => {
    expect(compoundTerms('Plug-ins')).toEqual({ whole: 'plug-ins', parts: ['plug', 'ins'], joins: ['plugins'] });
    expect(compoundTerms('e-mail').joins).toEqual(['email']);
    expect(compoundTerms('read-only').joins).toEqual(['readonly']);
    // A longer run is a name, typed with its hyphens or in parts.
    expect(compoundTerms('deviceshifu-opcua').joins).toEqual([]);
    expect(compoundTerms('k8s.io').joins).toEqual([]);
    expect(compoundTerms('x86-64').joins).toEqual([]);
    expect(compoundTerms('api.plug-in').joins).toEqual(['plugin']);
    // Stemmed like any word, in English and in the Chinese indexes alike.
    expect(indexTerms('Plug-ins', {})).toEqual(['plug-ins', 'plug', 'in', 'plugin']);
    expect(indexTerms('安装Plug-ins', languageOptions(['en', 'zh']))).toContain('plugin');
  });

  it('indexes a long url only by its parts', () => {
    const terms = compoundTerms('www.reddit.com/user/ShifuFramework');
    expect(terms.whole).toBeUndefined();
    expect(terms.parts).toEqual(['www', 'reddit', 'com', 'user', 'shifu', 'framework']);
  });
});

describe('index terms', () => {
  it('stems English and drops its stop words', () => {
    expect(indexTerms('The installation of Shifu is installing', {})).toEqual(['instal', 'shifu', 'instal']);
    expect(normalizeLatin('the')).toBeUndefined();
    expect(normalizeLatin('running')).toBe('run');
  });

  it('leaves out numbers nobody types and generated hashes', () => {
    expect(indexTerms('listen on 192.168.0.1 at 03:05:07, commit c0cab1ce98870eb470ddc9e01e1d99c13b611411 port 8080 of v1.2', {})).toEqual(['listen', 'commit', 'port', '8080', 'v1.2', 'v1']);
  });

  it("keeps an address's port, which readers search for", () => {
    expect(indexTerms('listen on 192.168.0.1:4840 at 12:30:45', {})).toEqual(['listen', '4840']);
  });

  it('cuts Han text with the build-time segmenter and drops Chinese stop words', () => {
    const zh = languageOptions(['en', 'zh']);
    const terms = indexTerms('中华人民共和国：如何部署的deviceShifu', zh);
    // Search mode: a long word is indexed with its shorter words.
    expect(terms).toEqual(expect.arrayContaining(['中华人民共和国', '人民', '共和国', '部署', 'deviceshifu', 'devic', 'shifu']));
    expect(terms).not.toContain('的');
  });

  it('also indexes two one-character pieces joined, since the segmenter cuts a word differently by context', () => {
    const terms = indexTerms('本机安装', { segmentHan: () => ['本', '机', '安装'] });
    expect(terms).toEqual(['本', '机', '安装', '本机']);
  });

  it('keeps Han runs whole when Chinese is not an index language', () => {
    expect(indexTerms('安装 Shifu', languageOptions(['en']))).toEqual(['安装', 'shifu']);
  });
});
