import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docusaurusVersion } from '../../../../../src/builder/config/docusaurus/docusaurusVersion.js';
import { resolveConfigFile } from '../../../../../src/builder/config/docusaurus/configFile.js';

// Which Docusaurus a site is for (the installed @docusaurus/core first, as node resolves it, then the
// package.json range), and which config file a command reads when there is no site.config.ts.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-docusaurus-version-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function site(name: string, files: Record<string, string>): string {
  const root = path.join(dir, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('docusaurusVersion', () => {
  it('reads the installed @docusaurus/core before the package.json range, from the site folder up', () => {
    const root = site('installed', {
      'node_modules/@docusaurus/core/package.json': '{ "name": "@docusaurus/core", "version": "2.4.3" }',
      'website/package.json': '{ "dependencies": { "@docusaurus/core": "^3.0.0" } }',
    });
    expect(docusaurusVersion(path.join(root, 'website'))).toEqual({ major: 2, version: '2.4.3', file: path.join(root, 'node_modules/@docusaurus/core/package.json'), how: 'installed' });
  });

  it('reads the range of dependencies or devDependencies when nothing is installed', () => {
    for (const [range, major] of [
      ['2.4.3', 2],
      ['^2.0.0-beta.21', 2],
      ['~3.1', 3],
      ['>=2.2.0 <3', 2],
    ] as const) {
      const root = site(`range-${major}-${range.replace(/\W/g, '')}`, { 'package.json': JSON.stringify({ devDependencies: { '@docusaurus/core': range } }) });
      expect(docusaurusVersion(root)).toEqual({ major, version: range, file: path.join(root, 'package.json'), how: 'package.json' });
    }
    expect(docusaurusVersion(site('none', { 'package.json': '{ "dependencies": { "@docusaurus/core": "latest" } }' }))).toBeUndefined();
  });
});

describe('resolveConfigFile', () => {
  it("reads the folder's Docusaurus config for a site.config.ts that does not exist, and the file asked for otherwise", () => {
    const root = site('configs', { 'docusaurus.config.ts': 'export default {};', 'other/site.config.ts': 'export default {};' });
    expect(resolveConfigFile(path.join(root, 'site.config.ts'))).toBe(path.join(root, 'docusaurus.config.ts'));
    expect(resolveConfigFile(path.join(root, 'other/site.config.ts'))).toBe(path.join(root, 'other/site.config.ts'));
    expect(resolveConfigFile(path.join(root, 'mine.config.ts'))).toBe(path.join(root, 'mine.config.ts'));
    expect(resolveConfigFile(path.join(dir, 'site.config.ts'))).toBe(path.join(dir, 'site.config.ts'));
  });
});
