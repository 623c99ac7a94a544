import { describe, expect, it } from 'vitest';
import { buildLocaleIndex } from '../../../../src/builder/passes/search/buildIndex.js';
import { languageOptions } from '../../../../src/builder/passes/search/language.js';
import type { Engine } from '../../../../src/shared/search/engine.js';
import { searchRows } from '../../../../src/shared/search/rank.js';
import { sectionSnippet } from '../../../../src/shared/search/highlight.js';
import { closeness } from '../../../../src/shared/search/proximity.js';
import type { SearchPageInput } from '../../../../src/builder/plugins/api.js';
import { memoryEngine } from './memoryIndex.js';
import { md } from '../../../helpers/markdown.js';

// Queries the way readers type them: code and identifiers, questions, phrases, Chinese mixed with
// Latin. Small made-up pages, each built for one behaviour.

type Section = { heading?: string; prose: string; code?: string };
const page = (url: string, title: string, sections: Section[]): SearchPageInput => ({
  url,
  title,
  breadcrumbs: ['Docs'],
  sections: sections.map((s, i) => ({
    ...(i && s.heading ? { id: s.heading.toLowerCase().replace(/\W+/g, '-'), heading: s.heading } : {}),
    level: i ? 2 : 1,
    text: s.code ? `${s.prose} ${s.code.replace(/\n/g, ' ')}` : s.prose,
    ...(s.code ? { prose: s.prose, code: s.code } : {}),
  })),
});

const engineOf = (pages: SearchPageInput[], languages = ['en']): Engine & { fetched: string[] } => memoryEngine(buildLocaleIndex({ locale: 'x', pages, terms: languageOptions(languages) }));
const pagesFor = async (engine: Engine, query: string) => [...new Set((await searchRows(engine, query, { limit: 8, maxPerPage: 3 })).map((r) => r.u))];

describe('code blocks', () => {
  const engine = engineOf([
    page('/docs/push', 'Pushing data', [
      { prose: 'Push telemetry to a database.' },
      { heading: 'Configure', prose: 'Set the address of the server.', code: 'spec:\n  serverAddress: 192.168.1.2:3306\n  dbType: MySQL' },
    ]),
    page('/docs/servers', 'Servers', [{ prose: 'A server address is where the database listens. Every server has an address.' }]),
    page('/docs/ports', 'Ports', [{ prose: 'Forward the port.', code: 'kubectl port-forward svc/shifu 8080:80\ncurl localhost:30080/get_value' }]),
  ]);

  it('indexes code: an identifier whole and in parts, and a port number', async () => {
    expect((await pagesFor(engine, 'serverAddress'))[0]).toBe('/docs/push');
    expect(await pagesFor(engine, 'dbType')).toEqual(['/docs/push']);
    expect(await pagesFor(engine, '30080')).toEqual(['/docs/ports']);
    expect(await pagesFor(engine, 'port-forward')).toEqual(['/docs/ports']);
  });

  it('finds a field by its value, an address with a port, as a reader copies it from the code', async () => {
    expect(await pagesFor(engine, '3306')).toEqual(['/docs/push']);
    expect(await pagesFor(engine, 'serverAddress 192.168.1.2:3306')).toEqual(['/docs/push']);
    expect(await pagesFor(engine, '192.168.1.2:3306')).toEqual(['/docs/push']);
  });

  it('ranks prose above code for a prose query', async () => {
    expect(await pagesFor(engine, 'server address')).toEqual(['/docs/servers', '/docs/push']);
  });

  it('shows the code line that matched as the snippet, and the prose when the prose matched', async () => {
    const text = 'Set the address of the server.\nspec:\nserverAddress: 192.168.1.2:3306\ndbType: MySQL';
    expect(sectionSnippet(text, ['dbtype'], 50)).toEqual({ text: 'dbType: MySQL', ranges: [[0, 6]], code: true });
    expect(sectionSnippet(text, ['address'], 50)).toMatchObject({ text: 'Set the address of the server.' });
    expect(sectionSnippet(text, ['address'], 50).code).toBeUndefined();
  });

  it('keeps code blocks out of the prose of a section, line by line', () => {
    const out = md('Intro text.\n\n## Setup\n\nRun this:\n\n```bash\nkubectl apply -f a.yaml\nkubectl get pods\n```\n\nThen wait.\n');
    const setup = out.sections.find((s) => s.heading === 'Setup')!;
    expect(setup.prose).toBe('Run this: Then wait.');
    expect(setup.code).toBe('kubectl apply -f a.yaml\nkubectl get pods');
    expect(setup.text).toBe('Run this: kubectl apply -f a.yaml kubectl get pods Then wait.');
    expect(out.sections[0]).toEqual({ level: 1, text: 'Intro text.' });
  });
});

describe('questions and phrases', () => {
  const engine = engineOf([
    page('/docs/stub', 'PowerShell stub', [
      { prose: 'The stub exposes an HTTP interface on the Windows host.' },
      { heading: 'Usage', prose: 'Send the command in the body of a request; the stub runs it.' },
    ]),
    page('/docs/http', 'HTTP everywhere', [{ prose: 'HTTP HTTP HTTP: every request is HTTP, and HTTP requests are everywhere in HTTP land.' }]),
    page('/docs/opcua', 'Connecting a server', [{ prose: 'Set AuthenticationMode to Anonymous for a server without accounts.' }]),
    page('/docs/modes', 'Modes', [{ prose: 'The AuthenticationMode field has three values. Anonymous users see the demo. Certificates come later.' }]),
  ]);

  it('drops the words of a question and finds the page holding most of the rest across its sections', async () => {
    expect((await pagesFor(engine, 'how do I run a windows command through an http request'))[0]).toBe('/docs/stub');
  });

  it('puts the page holding a field and its value together above one holding both apart', async () => {
    expect((await pagesFor(engine, 'AuthenticationMode Anonymous')).slice(0, 2)).toEqual(['/docs/opcua', '/docs/modes']);
  });

  it('scores a phrase and a short window higher than words far apart', () => {
    const groups = [['authenticationmod'], ['anonym']];
    const together = closeness('Set AuthenticationMode: Anonymous here.', groups);
    const apart = closeness('AuthenticationMode is a field. '.repeat(3) + 'Anonymous.', groups);
    expect(together).toBe(2);
    expect(apart).toBeGreaterThan(1);
    expect(apart).toBeLessThan(together);
    expect(closeness('Only AuthenticationMode here.', groups)).toBe(1);
  });

  it('scores a section holding the query as typed, stop words included, as a phrase', () => {
    const groups = [['temperatur'], ['high']];
    expect(closeness('"exception": "temperature is too high"', groups, { typed: 'temperature is too high' })).toBe(2);
    expect(closeness('the temperature is high', groups, { typed: 'temperature is too high' })).toBeLessThan(2);
  });

  it('finds two words held by different sections of one page, and ranks it above a title holding one', async () => {
    const two = engineOf([
      page('/docs/metrics', 'User metrics', [{ prose: 'What the telemetry collects.' }, { heading: 'Turn it off', prose: 'Edit the manager.', code: 'name: kube-rbac-proxy' }]),
      page('/docs/telemetry', 'Telemetry', [{ prose: 'Telemetry everywhere, telemetry always.' }]),
    ]);
    expect(await pagesFor(two, 'kube-rbac-proxy telemetry')).toEqual(['/docs/metrics']);
    expect(await pagesFor(two, 'kubectl telemetry')).toEqual([]);
  });

  it('counts a misspelt word of a long query by its corrections', async () => {
    const typo = engineOf([
      page('/docs/minio', 'Push to MinIO', [{ prose: 'The telemetry service uploads files.' }, { heading: 'Bucket', prose: 'Name the bucket.' }]),
      page('/docs/mysql', 'Push to MySQL', [{ prose: 'The telemetry service writes rows.' }, { heading: 'Table', prose: 'Name the bucket of rows.' }]),
    ]);
    expect((await pagesFor(typo, 'minoi telemetry service bucket'))[0]).toBe('/docs/minio');
  });

  it('reads texts only for the content rows shown first (their snippets need them), and none for one word', async () => {
    const fresh = engineOf([page('/docs/a', 'Alpha beta', [{ prose: 'alpha beta' }]), page('/docs/b', 'B', [{ prose: 'alpha gamma beta' }])]);
    await searchRows(fresh, 'alpha', { limit: 8 });
    expect(fresh.fetched.filter((u) => u.includes('.t.'))).toEqual([]);
    const rows = await searchRows(fresh, 'alpha beta', { limit: 8 });
    expect(rows.map((r) => [r.u, r.kind])).toEqual([
      ['/docs/a', 'title'],
      ['/docs/b', 'content'],
    ]);
    expect(fresh.fetched.filter((u) => u.includes('.t.')).length).toBe(1);
  });
});

describe('Chinese mixed with Latin without spaces', () => {
  const engine = engineOf(
    [
      page('/zh/kind', '本地集群', [{ prose: '用 kind 创建一个容器集群，然后安装 Shifu。' }]),
      page('/zh/secret', '摄像头', [{ prose: '推荐使用 Secret 存储密码，这样更安全。' }]),
      page('/zh/led', '显示屏', [{ prose: '通过 RS485 连接 LED 数码显示屏。' }]),
    ],
    ['en', 'zh'],
  );

  it('splits a query into its Latin and Chinese terms', async () => {
    expect((await pagesFor(engine, 'kind容器'))[0]).toBe('/zh/kind');
    expect((await pagesFor(engine, 'Secret存储密码'))[0]).toBe('/zh/secret');
    expect((await pagesFor(engine, 'LED数码显示屏'))[0]).toBe('/zh/led');
  });
});
