import { describe, expect, it } from 'vitest';
import { buildLocaleIndex } from '../../../../src/builder/passes/search/buildIndex.js';
import { languageOptions } from '../../../../src/builder/passes/search/language.js';
import { searchDocs, type Engine } from '../../../../src/shared/search/engine.js';
import { memoryEngine } from './memoryIndex.js';
import { rankResults } from '../../../../src/shared/search/rank.js';
import { queryPlanner } from '../../../../src/shared/search/query.js';
import type { SearchPageInput } from '../../../../src/builder/plugins/api.js';

const page = (url: string, title: string, sections: [heading: string | undefined, text: string][], extra: Partial<SearchPageInput> = {}): SearchPageInput => ({
  url,
  title,
  breadcrumbs: ['Docs'],
  sections: sections.map(([heading, text], i) => (heading ? { id: heading.toLowerCase().replace(/\W+/g, '-'), heading, level: 2, text } : { level: 1, text: text + (i ? '' : '') })),
  ...extra,
});

const en: SearchPageInput[] = [
  page('/docs/telemetry', 'Telemetry', [
    [undefined, 'Collect data from devices.'],
    ['Settings', 'Intervals and targets.'],
  ]),
  page('/docs/install', 'Install Shifu', [
    [undefined, 'Install Shifu on a cluster.'],
    ['Install kind', 'kind runs Kubernetes in Docker.'],
  ]),
  page('/docs/overview', 'Overview', [
    [undefined, 'Shifu sends telemetry to many places and installs anywhere.'],
    ['Telemetry targets', 'MQTT, SQL and more.'],
  ]),
  page('/docs/deviceshifu', 'deviceShifu', [[undefined, 'A deviceShifu is the digital twin of a device.']], { description: 'The digital twin', keywords: ['twin'] }),
  page('/docs/opcua-server', 'OPC UA server', [[undefined, 'Serve an OPC UA endpoint.']]),
  page('/docs/opcua-client', 'OPCUA client', [[undefined, 'Read values from an OPCUA endpoint.']]),
  page('/docs/pushtoMySQL', 'To a database', [[undefined, 'Telemetry into a relational database.']]),
  page('/news/hello', 'Hello from the blog', [[undefined, 'The blog post talks about the digital twin too.']]),
];

function engineOf(pages: SearchPageInput[], languages = ['en']): Engine {
  return memoryEngine(buildLocaleIndex({ locale: 'x', pages, terms: languageOptions(languages) }));
}

const english = engineOf(en);
const rows = async (engine: Engine, query: string) => rankResults(engine, await searchDocs(engine, query, { enough: 8 }), {});
const pagesFor = async (engine: Engine, query: string) => [...new Set((await rows(engine, query)).map((r) => r.u))];

describe('ranking', async () => {
  it('ranks a title match above headings and content (field boosts)', async () => {
    expect((await pagesFor(english, 'telemetry')).slice(0, 2)).toEqual(['/docs/telemetry', '/docs/overview']);
    const overview = (await rows(english, 'telemetry')).filter((r) => r.u === '/docs/overview');
    expect(overview.map((r) => r.kind)).toEqual(['heading', 'content']);
  });

  it('groups the hits of a page under its title hit', async () => {
    const result = await rows(english, 'install');
    const install = result.filter((r) => r.u === '/docs/install');
    expect(install[0]).toMatchObject({ kind: 'title', child: false, h: '' });
    expect(install.slice(1).every((r) => r.child)).toBe(true);
    expect(install.find((r) => r.kind === 'heading')).toMatchObject({ s: 'Install kind', h: 'install-kind' });
    // One page's rows are together.
    const urls = result.map((r) => r.u);
    expect(urls.lastIndexOf('/docs/install') - urls.indexOf('/docs/install') + 1).toBe(install.length);
  });

  it('requires every word, and finds words in the title and a section together', async () => {
    expect(await pagesFor(english, 'install kubernetes')).toEqual(['/docs/install']);
    expect((await rows(english, 'install kubernetes'))[0]).toMatchObject({ h: 'install-kind' });
    expect(await pagesFor(english, 'telemetry docker')).toEqual([]);
  });

  it('tries the last word as a prefix only while it is being typed', async () => {
    expect(await pagesFor(english, 'telem')).toContain('/docs/telemetry');
    expect((await searchDocs(english, 'telem ', { enough: 8 })).filter((h) => h.tier === 0)).toEqual([]);
  });

  it('finds a page despite a one-letter typo, after exact matches', async () => {
    expect((await pagesFor(english, 'telemtry '))[0]).toBe('/docs/telemetry');
    expect(await pagesFor(english, 'devicshifu ')).toEqual(['/docs/deviceshifu']);
    expect((await searchDocs(english, 'telemtry ', { enough: 8 })).every((h) => Math.floor(h.tier) === 1)).toBe(true);
  });

  it('drops one word of a query of more than two words when all of them find nothing', async () => {
    expect(await pagesFor(english, 'install shifu xyzzyq ')).toContain('/docs/install');
    expect((await searchDocs(english, 'install shifu xyzzyq ', { enough: 8 })).every((h) => h.tier === 2)).toBe(true);
    expect(await pagesFor(english, 'shifu xyzzyq ')).toEqual([]);
  });

  it('finds a hyphenated word by the word joined ("plugin" finds "Plug-ins"), in English and Chinese indexes', async () => {
    const pages = [
      page('/docs/extend', 'Extending the gateway', [[undefined, 'Plug-ins load when the gateway starts.']]),
      page('/docs/zh/extend', '扩展网关', [[undefined, '网关启动时加载Plug-ins。']]),
      page('/docs/plug', 'Power', [[undefined, 'Plug the cable in.']]),
    ];
    expect((await pagesFor(engineOf(pages), 'plugin ')).sort()).toEqual(['/docs/extend', '/docs/zh/extend']);
    expect((await pagesFor(engineOf(pages, ['en', 'zh']), 'plugins ')).sort()).toEqual(['/docs/extend', '/docs/zh/extend']);
    expect((await pagesFor(engineOf(pages), 'plug-ins')).sort()).toEqual(['/docs/extend', '/docs/zh/extend']);
  });

  it('finds OPC UA as OPCUA and OPCUA as OPC UA', async () => {
    expect(new Set(await pagesFor(english, 'OPC UA'))).toEqual(new Set(['/docs/opcua-server', '/docs/opcua-client']));
    expect(new Set(await pagesFor(english, 'OPCUA'))).toEqual(new Set(['/docs/opcua-server', '/docs/opcua-client']));
  });

  it('finds identifiers whole and in parts, and a page by its url', async () => {
    expect((await pagesFor(english, 'deviceShifu'))[0]).toBe('/docs/deviceshifu');
    expect((await pagesFor(english, 'device shifu'))[0]).toBe('/docs/deviceshifu');
    expect(await pagesFor(english, 'pushtoMySQL')).toEqual(['/docs/pushtoMySQL']);
    expect(await pagesFor(english, 'mysql')).toEqual(['/docs/pushtoMySQL']);
  });

  it('indexes descriptions and keywords, and blog posts like docs', async () => {
    expect((await rows(english, 'twin')).find((r) => r.u === '/docs/deviceshifu')?.kind).toBe('keywords');
    expect(await pagesFor(english, 'blog post')).toEqual(['/news/hello']);
  });

  it('ignores stop words, and a query of stop words finds nothing', async () => {
    expect((await pagesFor(english, 'how to install shifu'))[0]).toBe('/docs/install');
    expect(await pagesFor(english, 'the ')).toEqual([]);
  });

  it('keeps only results under a path when asked (search page ctx / version)', async () => {
    const all = rankResults(english, await searchDocs(english, 'digital twin', { enough: 8 }), {});
    const news = rankResults(english, await searchDocs(english, 'digital twin', { enough: 8 }), { filter: (u) => u.startsWith('/news/') });
    expect(all.length).toBeGreaterThan(news.length);
    expect(news.map((r) => r.u)).toEqual(['/news/hello']);
  });
});

describe('Chinese queries, split against the index words (no segmenter in the browser)', async () => {
  const zh = engineOf(
    [
      page('/zh/telemetry', '遥测服务', [[undefined, '遥测服务把设备数据推送到各种数据库。']]),
      page('/zh/deploy', '部署遥测服务', [
        [undefined, '本节介绍如何部署遥测服务。'],
        ['检查', '确认服务已经运行。'],
      ]),
      page('/zh/local', '本机安装', [[undefined, '在本机上安装 Shifu。']]),
      page('/zh/mysql', '推送至 MySQL', [[undefined, '把数据写入 MySQL 数据库。']]),
    ],
    ['en', 'zh'],
  );

  it('splits a query into the fewest words of the index', async () => {
    const [plan] = queryPlanner('部署遥测服务', zh)(0);
    expect(plan.groups.map((g) => [...g.keys()].filter((t) => g.get(t) === 1))).toEqual([['部署'], ['遥测'], ['服务']]);
    expect((await pagesFor(zh, '部署遥测服务'))[0]).toBe('/zh/deploy');
  });

  it('puts the page whose whole title is the query first', async () => {
    expect((await pagesFor(zh, '遥测服务'))[0]).toBe('/zh/telemetry');
  });

  it('mixes Chinese and English and skips stop words', async () => {
    expect((await pagesFor(zh, '推送至 MySQL'))[0]).toBe('/zh/mysql');
    expect((await pagesFor(zh, '本机安装'))[0]).toBe('/zh/local');
  });
});
