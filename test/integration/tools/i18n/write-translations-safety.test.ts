// `sitegen write-translations` never destroys the translator's file: on a full disk (a small tmpfs)
// it fails with a clear error and leaves the file byte for byte; killed with SIGKILL while it writes
// an 8 MB file, the file is the old or the new one, always valid JSON, and the next run removes the
// temporary files the killed one left.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/builder/config/loadConfig.js';
import { SitegenError } from '../../../../src/builder/errors.js';
import { writeTranslations } from '../../../../src/tools/i18n/writeTranslations.js';
import { makeSite, sitegenBin } from '../../../helpers/site.js';
import { pauseBriefly, watchFirstChange } from '../../../helpers/firstChange.js';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups.reverse()) c();
});

const i18n = { i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] } };

/** A translation file of about `bytes` of the translator's own messages (no theme string yet: a run adds them). */
function translations(bytes: number): string {
  const messages: Record<string, { message: string; description: string }> = {};
  for (let i = 0, size = 0; size < bytes; i++) {
    messages[`custom.${i}`] = { message: `译文第 ${i} 条，译者亲手写的`, description: `Message ${i} of the translator` };
    size += 100;
  }
  return JSON.stringify(messages, null, 2) + '\n';
}

describe('write-translations on a full disk', () => {
  it("fails with a clear error and leaves the translator's file byte for byte", async (ctx) => {
    const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-full-disk-'));
    cleanups.push(() => fs.rmSync(mountPoint, { recursive: true, force: true }));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    } catch (e) {
      ctx.skip(`cannot mount a small tmpfs to fill (needs root): ${(e as Error).message.split('\n')[0]}`);
    }
    cleanups.push(() => execFileSync('umount', [mountPoint]));
    const { dir, configFile } = makeSite({ 'docs/intro.md': '# Intro\n' }, i18n);
    const siteDir = path.join(mountPoint, 'site');
    fs.cpSync(dir, siteDir, { recursive: true });
    fs.rmSync(dir, { recursive: true, force: true });
    const file = path.join(siteDir, 'i18n/zh-Hans/code.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, translations(1024 * 1024));
    const before = fs.readFileSync(file);
    const { config } = await loadConfig({ configFile: path.join(siteDir, path.basename(configFile)) });

    // Every byte left taken: the new file (the old one and the theme strings) cannot be written.
    const filler = fs.openSync(path.join(mountPoint, 'filler'), 'w');
    const block = Buffer.alloc(64 * 1024, 1);
    try {
      for (;;) fs.writeSync(filler, block);
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    try {
      for (;;) fs.writeSync(filler, block, 0, 1);
    } catch {
      // Full to the last byte.
    }
    fs.closeSync(filler);

    const error = (() => {
      try {
        writeTranslations({ config, siteDir, locale: 'zh-Hans' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(SitegenError);
    expect(error!.message).toContain(`Cannot write ${file}`);
    expect(error!.message).toContain('the disk is full (ENOSPC)');
    expect(error!.message).toContain('code.json is unchanged');
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['code.json']);
  }, 60_000);
});

describe('write-translations killed with SIGKILL', () => {
  it('leaves the old or the new file, always valid JSON, and the next run removes what the killed one left', async () => {
    const { dir, configFile } = makeSite({ 'docs/intro.md': '# Intro\n' }, i18n);
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'i18n/zh-Hans/code.json');
    const folder = path.dirname(file);
    const original = translations(8 * 1024 * 1024);
    const outcomes = new Set<string>();
    const size = Buffer.byteLength(original);
    const firstMessage = (JSON.parse(original) as Record<string, unknown>)['custom.0'];
    const temps = () => fs.readdirSync(folder).filter((f) => f.startsWith('.code.json.'));
    // Killed once the write has visibly begun (a temporary file next to the file, half of it written,
    // or the file itself changed), or at the end.
    const moments: [string, () => boolean][] = [
      ['a temporary file appeared', () => temps().length > 0],
      ['half of the temporary file written', () => temps().some((t) => (fs.statSync(path.join(folder, t), { throwIfNoEntry: false })?.size ?? 0) > size / 2)],
      ['code.json changed', () => fs.statSync(file).size !== size],
      ['code.json changed, again', () => fs.statSync(file).size !== size],
      ['the run ended', () => false],
    ];
    const end = moments.length - 1;
    for (const [i, [moment, reached]] of moments.entries()) {
      fs.rmSync(folder, { recursive: true, force: true });
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(file, original);
      const watch = watchFirstChange([folder]);
      const child = spawn(process.execPath, [sitegenBin, 'write-translations', '--locale', 'zh-Hans', '--config', configFile], { cwd: dir, stdio: 'ignore' });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      // Until the write begins (its temporary file appears), waited for without holding a core; then
      // polled, a fifth of a millisecond apart (pauseBriefly): the window is the few milliseconds the 8 MB write takes.
      await Promise.race([watch.changed, exited]);
      watch.close();
      // The last run is left to end: waited for, not polled (a poll holds a core the run needs on a busy machine).
      if (i === end) await exited;
      const until = Date.now() + 60_000;
      while (running(child.pid!) && Date.now() < until && !attempt(reached)) pauseBriefly();
      child.kill('SIGKILL');
      await exited;

      const text = fs.readFileSync(file, 'utf8');
      const parsed = JSON.parse(text) as Record<string, unknown>;
      outcomes.add(text === original ? 'old' : 'new');
      if (text !== original) expect(Object.keys(parsed), moment).toContain('theme.common.skipToMainContent');
      expect(parsed['custom.0'], moment).toEqual(firstMessage);

      const { config } = await loadConfig({ configFile });
      writeTranslations({ config, siteDir: dir, locale: 'zh-Hans' });
      expect(fs.readdirSync(folder).sort(), moment).toEqual(['code.json', 'docusaurus-plugin-content-docs', 'docusaurus-theme-classic']);
    }
    // Killed in the middle, one run kept the old file; run to the end, one wrote the new one.
    expect([...outcomes].sort()).toEqual(['new', 'old']);
  }, 120_000);
});

/** Whether a process runs (a zombie, ended but not yet reaped by this process, does not). */
function running(pid: number): boolean {
  try {
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A probe of files another process is renaming: one that vanishes under it is "not yet". */
function attempt(probe: () => boolean): boolean {
  try {
    return probe();
  } catch {
    return false;
  }
}
