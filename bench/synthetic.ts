import fs from 'node:fs';
import path from 'node:path';

// Deterministic synthetic sites for the benchmark: N markdown pages per locale in two locales, with
// what real docs have (headings, code blocks, tables, admonitions, Tabs, links between pages, images
// from static/, Chinese text in zh-Hans). The same (pages, seed) always writes the same files.

export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const EN =
  'device shifu edge cluster telemetry protocol gateway instruction controller kubernetes digital twin sensor actuator broker payload schema deploy manifest namespace pod service driver polling interval firmware latency throughput'.split(
    ' ',
  );
export const ZH = '设备 边缘 集群 遥测 协议 网关 指令 控制器 数字孪生 传感器 执行器 代理 负载 部署 清单 命名空间 服务 驱动 轮询 间隔 固件 延迟 吞吐量 配置 应用'.split(' ');

export interface SyntheticOptions {
  dir: string;
  pages: number;
  seed?: number;
}

/** What the generators share: a seeded random source, a sentence of random words, and a writer into an emptied `dir`. */
export function siteWriter(dir: string, seed: number) {
  const rand = rng(seed);
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const sentence = (words: string[], n: number, zh: boolean) => {
    const w = Array.from({ length: n }, () => pick(words));
    return zh ? w.join('') + '。' : w.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.';
  };
  fs.rmSync(dir, { recursive: true, force: true });
  const write = (rel: string, text: string) => {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  return { rand, pick, sentence, write };
}

export function generateSite(opts: SyntheticOptions): string {
  const { dir, pages } = opts;
  const { rand, pick, sentence, write } = siteWriter(dir, opts.seed ?? 42);
  // A realistic tree: parts of up to 20 sections of 25 pages (a site of thousands of pages nests its
  // sidebar rather than listing hundreds of top-level categories).
  const perFolder = 25;
  const perPart = 20;
  const folders = Math.ceil(pages / perFolder);
  const partOf = (section: number) => `part-${String(Math.floor(section / perPart)).padStart(2, '0')}`;
  const sectionDir = (section: number) => `${partOf(section)}/section-${String(section).padStart(3, '0')}`;
  const docPath = (i: number) => `${sectionDir(Math.floor(i / perFolder))}/page-${String(i).padStart(5, '0')}.md`;
  write('static/img/diagram.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>');
  for (let f = 0; f < folders; f++) {
    write(`docs/${sectionDir(f)}/_category_.json`, JSON.stringify({ label: `Section ${f}`, position: (f % perPart) + 1 }));
    if (f % perPart === 0) write(`docs/${partOf(f)}/_category_.json`, JSON.stringify({ label: `Part ${f / perPart}`, position: f / perPart + 1 }));
  }
  const page = (i: number, zh: boolean) => {
    const words = zh ? ZH : EN;
    const p = (n: number) => sentence(words, n, zh);
    const from = docPath(i);
    const target = docPath(Math.floor(rand() * pages));
    const rel = path.posix.relative(path.posix.dirname(from), target);
    const parts: string[] = [`---\ntitle: ${zh ? '页面' : 'Page'} ${i}\nsidebar_position: ${i % perFolder}\ndescription: ${p(8)}\n---\n`, `# ${zh ? '页面' : 'Page'} ${i}\n`, p(30), ''];
    for (let s = 0; s < 4; s++) {
      parts.push(`## ${zh ? '章节' : 'Section'} ${s} ${pick(words)}\n`, p(40), '', `See [${zh ? '相关页面' : 'a related page'}](${rel.startsWith('.') ? rel : './' + rel}).`, '');
      if (s === 0)
        parts.push(
          '```yaml title="edgedevice.yaml"\napiVersion: shifu.edgenesis.io/v1alpha1\nkind: EdgeDevice\nmetadata:\n  name: edgedevice-' +
            i +
            '\nspec:\n  sku: "demo"\n  connection: Ethernet\n  address: 10.0.0.' +
            (i % 250) +
            ':8080\n  protocol: HTTP\n```\n',
        );
      if (s === 1)
        parts.push(
          `| ${zh ? '字段' : 'Field'} | ${zh ? '类型' : 'Type'} | ${zh ? '说明' : 'Description'} |\n| --- | --- | --- |\n` +
            Array.from({ length: 5 }, (_, k) => `| field${k} | string | ${p(6)} |`).join('\n') +
            '\n',
        );
      if (s === 2) parts.push(`:::tip ${zh ? '提示' : 'Tip'}\n${p(15)}\n:::\n`, '```bash\nkubectl apply -f edgedevice.yaml\nkubectl get pods -n deviceshifu\n```\n');
      if (s === 3) parts.push(`### ${zh ? '小节' : 'Subsection'} ${i}\n`, p(25), '', '![diagram](/img/diagram.svg)', '');
    }
    return parts.join('\n');
  };
  // A home page, which the navbar's brand links to.
  write('src/pages/index.md', `# Synthetic\n\nStart with [the first page](/docs/${docPath(0).replace(/\.md$/, '')}).\n`);
  for (let i = 0; i < pages; i++) {
    write(`docs/${docPath(i)}`, page(i, false));
    write(`i18n/zh-Hans/docusaurus-plugin-content-docs/current/${docPath(i)}`, page(i, true));
  }
  write(
    'site.config.ts',
    `export default ${JSON.stringify(
      {
        title: 'Synthetic',
        url: 'https://synthetic.example',
        i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] },
        docs: { path: 'docs' },
        themeConfig: { navbar: { title: 'Synthetic', items: [{ type: 'localeDropdown' }] } },
        search: { language: ['en', 'zh'] },
      },
      null,
      2,
    )};\n`,
  );
  return path.join(dir, 'site.config.ts');
}
