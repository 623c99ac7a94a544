import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutDir, OUTPUT_MARKER, type OutDirCheck } from '../../../../src/builder/output/safeOutDir.js';
import { SitegenError } from '../../../../src/builder/errors.js';

/** A project folder: site.config.ts, docs/, static/, i18n/ and a home folder elsewhere. */
function project() {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-outdir-'));
  const siteDir = path.join(top, 'site');
  for (const d of ['docs', 'static', 'i18n']) fs.mkdirSync(path.join(siteDir, d), { recursive: true });
  fs.writeFileSync(path.join(siteDir, 'site.config.ts'), 'export default {};\n');
  const home = path.join(top, 'home');
  fs.mkdirSync(home);
  const params = (outDir: string, extra: Partial<OutDirCheck> = {}): OutDirCheck => ({
    outDir,
    siteDir,
    configFile: path.join(siteDir, 'site.config.ts'),
    sourceDirs: [
      { dir: path.join(siteDir, 'docs'), what: 'the docs folder' },
      { dir: path.join(siteDir, 'static'), what: 'a static folder' },
      { dir: path.join(siteDir, 'i18n'), what: 'the i18n folder' },
    ],
    home,
    ...extra,
  });
  return { top, siteDir, home, params };
}

function refusal(p: OutDirCheck): string {
  try {
    checkOutDir(p);
  } catch (e) {
    expect(e).toBeInstanceOf(SitegenError);
    return (e as SitegenError).problems.map((x) => `${x.message}\n${x.hint}`).join('\n');
  }
  throw new Error(`expected ${p.outDir} to be refused`);
}

describe('checkOutDir', () => {
  it('refuses the site, its parent, its source folders, the root and the home folder, even with force', () => {
    const { top, siteDir, home, params } = project();
    for (const force of [false, true]) {
      expect(refusal(params(siteDir, { force }))).toContain('is the site folder: building there would delete it');
      expect(refusal(params(top, { force, home: undefined }))).toContain(`holds the site folder (${siteDir})`);
      expect(refusal(params(path.join(siteDir, 'docs'), { force }))).toContain('is the docs folder');
      expect(refusal(params(path.join(siteDir, 'static'), { force }))).toContain('is a static folder');
      expect(refusal(params(path.join(siteDir, 'i18n'), { force }))).toContain('is the i18n folder');
      expect(refusal(params('/', { force }))).toContain('is the filesystem root');
      expect(refusal(params(home, { force }))).toContain('is the home folder');
    }
  });

  it("refuses the config file's folder when the site is elsewhere", () => {
    const { top, params } = project();
    const confDir = path.join(top, 'conf');
    fs.mkdirSync(confDir);
    expect(refusal(params(confDir, { configFile: path.join(confDir, 'site.config.ts') }))).toContain("is the config file's folder");
  });

  it('refuses a folder reached through a link to the site', () => {
    const { top, siteDir, params } = project();
    fs.symlinkSync(siteDir, path.join(top, 'link'));
    expect(refusal(params(path.join(top, 'link')))).toContain('is the site folder');
  });

  it('refuses a file, and a folder of other files unless forced', () => {
    const { top, params } = project();
    fs.writeFileSync(path.join(top, 'notes.txt'), 'keep me\n');
    expect(refusal(params(path.join(top, 'notes.txt'), { force: true }))).toContain('is a file, not a folder');
    const other = path.join(top, 'photos');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'cat.jpg'), 'x');
    const message = refusal(params(other));
    expect(message).toContain('is a folder of other files (cat.jpg), not an earlier sitegen build');
    expect(message).toContain('--force-out-dir');
    expect(() => checkOutDir(params(other, { force: true }))).not.toThrow();
  });

  it('accepts a missing folder, an empty one, an earlier build and a folder inside the site', () => {
    const { top, siteDir, params } = project();
    expect(() => checkOutDir(params(path.join(top, 'out')))).not.toThrow();
    fs.mkdirSync(path.join(top, 'empty'));
    expect(() => checkOutDir(params(path.join(top, 'empty')))).not.toThrow();
    const previous = path.join(siteDir, 'build');
    fs.mkdirSync(previous);
    fs.writeFileSync(path.join(previous, 'index.html'), '<p>old</p>');
    expect(refusal(params(previous))).toContain('not an earlier sitegen build');
    fs.writeFileSync(path.join(previous, OUTPUT_MARKER), '');
    expect(() => checkOutDir(params(previous))).not.toThrow();
  });
});
