import { describe, expect, it } from 'vitest';
import { buildLocaleIndex } from '../../../../src/builder/passes/search/buildIndex.js';
import { languageOptions } from '../../../../src/builder/passes/search/language.js';
import { searchDocs, type Engine } from '../../../../src/shared/search/engine.js';
import { rankResults } from '../../../../src/shared/search/rank.js';
import { queryPlanner } from '../../../../src/shared/search/query.js';
import { splitHan } from '../../../../src/shared/search/dictionary.js';
import { snippet } from '../../../../src/shared/search/highlight.js';
import type { SearchPageInput } from '../../../../src/builder/plugins/api.js';
import { memoryEngine } from './memoryIndex.js';

// Search that leads (issue 42), one kind of reader query at a time: Chinese phrases rather than
// dictionary words, long misspelt words, one-word product terms against tables of fields, and
// questions a FAQ heading asks.

const page = (url: string, title: string, sections: [heading: string | undefined, text: string][]): SearchPageInput => ({
  url,
  title,
  breadcrumbs: ['Docs'],
  sections: sections.map(([heading, text]) => (heading ? { id: heading.toLowerCase().replace(/\W+/g, '-'), heading, level: 2, text } : { level: 1, text })),
});

function engineOf(pages: SearchPageInput[], languages = ['en']): Engine {
  return memoryEngine(buildLocaleIndex({ locale: 'x', pages, terms: languageOptions(languages) }));
}

const rows = async (engine: Engine, query: string) => rankResults(engine, await searchDocs(engine, query, { enough: 8 }), {});
const pagesFor = async (engine: Engine, query: string) => [...new Set((await rows(engine, query)).map((r) => r.u))];
const requiredTerms = (engine: Engine, query: string) => queryPlanner(query, engine)(0)[0]?.groups.map((g) => [...g.keys()].filter((t) => g.get(t) === 1));

describe('Chinese phrases: cut against the index words, function words dropped', () => {
  const zh = engineOf(
    [
      page('/zh/mysql', '推送遥测数据到 MySQL', [[undefined, '把遥测数据写入 MySQL 数据库。']]),
      page('/zh/minio', '推送遥测数据到 MinIO', [[undefined, '把快照送到 MinIO 存储桶。']]),
      page('/zh/send', '数据如何传递', [[undefined, '设备把数据发送到服务，服务再送到 MySQL。']]),
      page('/zh/demo', '更新、卸载与恢复演示环境', [
        [undefined, '演示环境的日常维护。'],
        ['卸载演示环境', '运行卸载脚本即可删除演示环境。'],
      ]),
      page('/zh/faq', '常见问题', [[undefined, '怎么办？先看日志，再怎么排查都不迟。']]),
    ],
    ['en', 'zh'],
  );

  it('cuts a function word out as a word of its own instead of gluing it to a neighbour (推送|到, not 推|送到)', () => {
    const freq = (w: string) => ({ 推: 2, 推送: 3, 送到: 4 })[w] ?? 0;
    expect(splitHan('推送到', freq).words).toEqual(['推送']);
    expect(splitHan('怎么卸载', (w) => ({ 怎么: 9, 卸载: 3 })[w] ?? 0).words).toEqual(['卸载']);
    // A word that holds a function character stays whole.
    expect(splitHan('得到结果', (w) => ({ 得到: 2, 结果: 2 })[w] ?? 0).words).toEqual(['得到', '结果']);
  });

  it('matches the words of a phrase query, the question and function words left out', async () => {
    expect(requiredTerms(zh, '推送到 MySQL')).toEqual([['推送'], ['mysql']]);
    expect((await pagesFor(zh, '推送到 MySQL'))[0]).toBe('/zh/mysql');
    expect((await pagesFor(zh, '推送到 MinIO'))[0]).toBe('/zh/minio');
    expect(requiredTerms(zh, '怎么卸载')).toEqual([['卸载']]);
    expect((await pagesFor(zh, '怎么卸载'))[0]).toBe('/zh/demo');
  });
});

describe('misspelt long words', () => {
  const en = engineOf([
    page('/docs/metrics', 'Metrics and Authentication', [[undefined, 'Scrape the controller with a token.']]),
    page('/docs/zigbee', 'Zigbeelink gateway', [[undefined, 'Pair the radios.']]),
    page('/docs/radios', 'Radios', [
      [undefined, 'Radios we met.'],
      ['Models', 'The zigbeelinc, zigbeelinx and zigbeelinz boards; a zigbeelinc, a zigbeelinx, a zigbeelinz again.'],
    ]),
  ]);

  it('finds a word two letters off when it is long and nothing is one letter off', async () => {
    expect((await pagesFor(en, 'authentification'))[0]).toBe('/docs/metrics');
  });

  it('ranks a correction in a title or heading above text that holds close words', async () => {
    const hits = await searchDocs(en, 'zigbeelinq', { enough: 8 });
    expect((await pagesFor(en, 'zigbeelinq'))[0]).toBe('/docs/zigbee');
    // The text-only correction comes after, in a tier of its own.
    const radios = en.file.pages.findIndex((p) => p.u === '/docs/radios');
    expect(hits.find((h) => h.doc === en.firstDoc[radios] + 1)!.tier).toBeGreaterThan(hits[0].tier);
  });
});

describe('a one-word product term', () => {
  const fields =
    'Field Type Description MQTTSetting MQTTSetting MQTT settings. MQTTServerAddress string Broker host. MQTTTopic string A topic. MQTTServerUsername string User. MQTTServerPassword string Password. MQTTServerSecret string Secret.';
  const en = engineOf([
    page('/docs/api/edgedevice', 'EdgeDevice', [
      [undefined, 'The EdgeDevice resource.'],
      ['MQTTSetting', fields],
      ['ProtocolSettings', 'Field Type Used with MQTTSetting MQTTSetting MQTT OPCUASetting OPCUASetting OPC UA'],
    ]),
    page('/docs/guides/connect-mqtt', 'Connect an MQTT Device', [
      [undefined, 'Devices that talk MQTT publish to topics on a broker.'],
      ['Step 1', 'Point the EdgeDevice at the broker.'],
    ]),
  ]);

  it('shows a snippet that never repeats itself', async () => {
    const text = 'Field Type Used with MQTTSetting MQTTSetting MQTT OPCUASetting OPCUASetting OPC UA';
    const shown = snippet(text, ['mqtt', 'mqttset'], 60);
    expect(shown.text).not.toMatch(/\b(\w+) \1\b/);
    expect(shown.text).toContain('MQTTSetting MQTT OPCUASetting OPC UA');
    expect(shown.ranges.map(([s, e]) => shown.text.slice(s, e))).toEqual(['MQTTSetting', 'MQTT']);
  });

  it('puts the page whose title is about it above a reference whose table repeats it', async () => {
    expect((await pagesFor(en, 'mqtt'))[0]).toBe('/docs/guides/connect-mqtt');
  });
});

describe('a question', () => {
  const en = engineOf([
    page('/docs/faq', 'FAQs', [
      [undefined, 'Questions that come up often.'],
      ['Do I need Kubernetes to use Shifu?', 'Yes: Shifu is a set of Kubernetes controllers. A single-node cluster is enough.'],
      ['Is Shifu free to use?', 'Yes, under the Apache license.'],
    ]),
    page('/docs/install', 'Install on Kubernetes', [
      [undefined, 'Shifu runs on a Kubernetes cluster. Kubernetes is required; Kubernetes 1.24 or later is required for the CRDs.'],
      ['Kubernetes versions', 'Every maintained Kubernetes version is supported.'],
    ]),
  ]);
  const zh = engineOf(
    [
      page('/zh/faq', '常见问题', [
        [undefined, '最常见的问题。'],
        ['支持哪些协议？', 'HTTP、MQTT、OPC UA 等协议都已支持。'],
      ]),
      page('/zh/support', '平台与协议支持', [
        [undefined, '本页列出支持哪些协议：每种协议支持哪些镜像与协议版本。'],
        ['设备协议', '支持哪些协议与对应的镜像，哪些协议支持边车，一览。'],
      ]),
    ],
    ['en', 'zh'],
  );

  it('finds the FAQ entry whose heading asks it ("is X required" asks "do I need X")', async () => {
    const found = await rows(en, 'is kubernetes required');
    expect(found[0].u).toBe('/docs/faq');
    expect(found.find((r) => r.u === '/docs/faq' && r.s)!.s).toBe('Do I need Kubernetes to use Shifu?');
  });

  it('finds the heading that asks a Chinese question before a page that uses its words', async () => {
    expect((await pagesFor(zh, '支持哪些协议'))[0]).toBe('/zh/faq');
  });

  // The question word (哪些, which) is dropped; no section of the page that answers holds the three
  // words left, but its heading names two of them and the page holds the third.
  const metrics = engineOf(
    [
      page('/zh/blog', '拨开物联网的云雾', [
        [undefined, '物联网平台的三个理由。'],
        ['平台稳定吗？', '遥测收集是旗舰功能之一：告诉平台遥测的名字和数据输出的目的地，然后坐等即可。设备管理、安全与部署也都简单。'],
      ]),
      page('/zh/metrics', '用户指标', [
        [undefined, '安装时默认启用用户指标，可以随时关闭。'],
        ['用户指标的权限', '遥测模块只有只读权限，不会读取隐私信息。'],
        ['我们收集的数据', '外网 IP、下载日期、集群规模、操作系统的类型。'],
      ]),
    ],
    ['en', 'zh'],
  );

  it('finds the section whose heading names all the words of a question but one, on a page holding that one, before a text that uses them all', async () => {
    expect(requiredTerms(metrics, '遥测收集哪些数据')).toEqual([['遥测'], ['收集'], ['数据']]);
    const found = await rows(metrics, '遥测收集哪些数据');
    expect(found[0].u).toBe('/zh/metrics');
    expect(found[0].s).toBe('我们收集的数据');
    // Not a question: a section holding every word still comes first.
    expect((await pagesFor(metrics, '遥测 收集 数据'))[0]).toBe('/zh/blog');
  });
});
