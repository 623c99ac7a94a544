import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initFromDocusaurus } from '../../../../src/tools/init/initFromDocusaurus.js';

// `sitegen init --from-docusaurus`: runs the Docusaurus config, writes site.config.ts (never over one
// without --force), with plain values written out and what the Docusaurus config computes (functions,
// values not written in its source) read from it at every build.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-init-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('initFromDocusaurus', () => {
  it('runs a CommonJS config that uses require.resolve, writes site.config.ts, and refuses to replace it', async () => {
    const site = path.join(dir, 'cjs');
    fs.mkdirSync(site, { recursive: true });
    fs.writeFileSync(path.join(site, 'sidebars.js'), 'module.exports = { s: [] };\n');
    fs.writeFileSync(
      path.join(site, 'docusaurus.config.js'),
      "module.exports = { title: 'C', url: 'https://c.example', baseUrl: '/', presets: [['@docusaurus/preset-classic', { docs: { sidebarPath: require.resolve('./sidebars.js') }, blog: false }]], themeConfig: { colorMode: { defaultMode: 'dark', disableSwitch: true } } };\n",
    );
    const result = await initFromDocusaurus({ dir: site });
    expect(result.config).toEqual({
      title: 'C',
      url: 'https://c.example',
      baseUrl: '/',
      docs: { sidebarPath: './sidebars.js' },
      blogs: [],
      pages: { path: 'src/pages' },
      search: { enabled: false },
      themeConfig: { colorMode: { disableSwitch: true, defaultMode: 'dark' } },
    });
    const written = fs.readFileSync(path.join(site, 'site.config.ts'), 'utf8');
    expect(written).toContain('made by `sitegen init --from-docusaurus` from docusaurus.config.js');
    expect(written).toContain('sidebarPath: "./sidebars.js"');
    await expect(initFromDocusaurus({ dir: site })).rejects.toThrow('site.config.ts exists already');
  });

  it('drops a value the schema refuses, with its reason', async () => {
    const site = path.join(dir, 'refused');
    fs.mkdirSync(site, { recursive: true });
    fs.writeFileSync(
      path.join(site, 'docusaurus.config.mjs'),
      "export default { title: 'R', url: 'https://r.example', presets: [['classic', { blog: { showReadingTime: true, postsPerPage: 0 } }]] };\n",
    );
    const result = await initFromDocusaurus({ dir: site });
    expect(result.notes.filter((n) => n.key.startsWith('blogs'))).toEqual([{ key: 'blogs[0].postsPerPage', reason: 'sitegen refuses it: Too small: expected number to be >=1 (found number 0)' }]);
    expect((result.config.blogs as Record<string, unknown>[])[0].postsPerPage).toBeUndefined();
  });

  it('says where no Docusaurus config is', async () => {
    await expect(initFromDocusaurus({ dir: path.join(dir, 'none') })).rejects.toThrow(`No Docusaurus config in ${path.join(dir, 'none')}`);
  });
});

describe('the site.config.ts init writes', () => {
  /** A site folder holding only a Docusaurus config (an ES module) of these lines. */
  const siteWith = (name: string, lines: string[]) => {
    const site = path.join(dir, name);
    fs.mkdirSync(site, { recursive: true });
    fs.writeFileSync(path.join(site, 'docusaurus.config.mjs'), `${lines.join('\n')}\n`);
    return site;
  };

  it('reads functions and computed values from the Docusaurus config, and writes the values written in it', async () => {
    const site = siteWith('computed', [
      'const year = 2000 + 26;',
      'export default async () => ({',
      "  title: 'K',",
      "  url: 'https://k.example',",
      "  presets: [['classic', { docs: { editUrl: ({ docPath }) => `https://edit.example/${docPath}` }, blog: false }]],",
      "  themeConfig: { footer: { style: 'dark', copyright: `© ${year} K` } },",
      '});',
    ]);
    const written = fs.readFileSync((await initFromDocusaurus({ dir: site })).siteConfig, 'utf8');
    // The config's default export is a function: it is called, as Docusaurus calls it.
    expect(written).toContain("import docusaurusConfig from './docusaurus.config.mjs';\n\n// eslint-disable-next-line");
    expect(written).toContain("const docusaurus: any = typeof docusaurusConfig === 'function' ? await");
    expect(written.match(/\w+: docusaurus\S+,/g)).toEqual(['editUrl: docusaurus.presets[0][1].docs.editUrl,', 'copyright: docusaurus.themeConfig.footer.copyright,']);
    expect(written).toMatch(/title: "K",[\s\S]*style: "dark",/);
  });

  it('imports nothing when the Docusaurus config computes nothing', async () => {
    const site = siteWith('plain', ["export default { title: 'P', url: 'https://p.example', presets: [['classic', { blog: false }]] };"]);
    const written = fs.readFileSync((await initFromDocusaurus({ dir: site })).siteConfig, 'utf8');
    expect(written).not.toContain('import');
    expect(written).toContain('export default {\n  title: "P",');
  });
});
