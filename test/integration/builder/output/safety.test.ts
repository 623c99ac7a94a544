// `sitegen build` never destroys what its output folder names and never writes outside it. Each case
// runs the CLI's entry (in this process, with the site's folder and a fake home; the first case as a
// child process, its exit code reaching the shell) on a small site in a temporary folder, and compares
// a snapshot of that whole folder (the site, its parent's other files, a fake home) before and after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../../../src/builder/build.js';
import { OUTPUT_MARKER } from '../../../../src/builder/output/safeOutDir.js';
import { DirSink } from '../../../../src/builder/output/sink.js';
import { startServe } from '../../../../src/cli/serve.js';
import { sitegenBin } from '../../../helpers/site.js';
import { runCliInProcess } from '../../../helpers/cliInProcess.js';

interface Project {
  top: string;
  siteDir: string;
  configFile: string;
  home: string;
}

/** top/ holds site/ (config, docs, blog, pages), an unrelated folder, a file and a fake home folder. */
function project(files: Record<string, string> = {}, config: Record<string, unknown> = {}): Project {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-safety-'));
  const siteDir = path.join(top, 'site');
  const all: Record<string, string> = {
    'site/site.config.ts': `export default ${JSON.stringify({ title: 'Safety', url: 'https://example.com', ...config })};\n`,
    'site/docs/intro.md': '# Intro\n\nHello.\n',
    'site/src/pages/index.md': '# Safety\n',
    'photos/cat.jpg': 'not really a cat',
    'notes.txt': 'keep me\n',
    'home/.profile': 'export X=1\n',
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(top, rel)), { recursive: true });
    fs.writeFileSync(path.join(top, rel), text);
  }
  return { top, siteDir, configFile: path.join(siteDir, 'site.config.ts'), home: path.join(top, 'home') };
}

/** Every file and folder below `dir` with a hash of its content. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const stat = fs.lstatSync(path.join(dir, rel));
    out[rel] = stat.isFile()
      ? crypto
          .createHash('sha1')
          .update(fs.readFileSync(path.join(dir, rel)))
          .digest('hex')
      : stat.isDirectory()
        ? 'dir'
        : 'other';
  }
  return out;
}

/** `sitegen build <args>` run by the CLI's entry in this process: its exit code, stdout and stderr. */
async function sitegen(p: Project, args: string[], cwd = p.siteDir): Promise<{ status: number | null; output: string }> {
  const run = await runCliInProcess(['build', ...args], { cwd, env: { HOME: p.home, CI: '1' } });
  // The CLI's process exits only once the output it replaced is removed: wait for that as its exit would.
  await DirSink.settled();
  return { status: run.status, output: run.stdout + run.stderr };
}

/** The same, as a person runs it: bin/sitegen.js in a process of its own. */
function sitegenProcess(p: Project, args: string[], cwd = p.siteDir): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [sitegenBin, 'build', ...args], { cwd, env: { ...process.env, HOME: p.home, CI: '1' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** Runs a build that must be refused: exit 1, the message, no stack trace, nothing changed. */
async function refused(p: Project, args: string[], message: string, cwd?: string, run_ = sitegen): Promise<void> {
  const before = snapshot(p.top);
  const root = fs.readdirSync('/').sort();
  const run = await run_(p, args, cwd);
  expect(run.status, run.output).toBe(1);
  expect(run.output).toContain('Refusing to write the build there');
  expect(run.output).toContain(message);
  expect(run.output).not.toMatch(/\n\s+at /);
  expect(snapshot(p.top)).toEqual(before);
  expect(fs.readdirSync('/').sort()).toEqual(root);
}

describe('sitegen build --out-dir refuses a folder it would destroy', () => {
  it('"." (the site folder)', async () => {
    const p = project();
    await refused(p, ['--out-dir', '.'], `"${p.siteDir}" is the site folder`, undefined, sitegenProcess);
  });

  it('".." (the folder holding the site)', async () => {
    const p = project();
    await refused(p, ['--out-dir', '..'], `"${p.top}" holds the site folder (${p.siteDir})`);
  });

  it('the content folder', async () => {
    const p = project();
    await refused(p, ['--out-dir', 'docs'], 'is the docs folder');
  });

  it("the config file's folder", async () => {
    const p = project({ 'conf/site.config.ts': `export default ${JSON.stringify({ title: 'Safety', url: 'https://example.com', siteDir: '../site' })};\n` });
    await refused(p, ['--config', path.join(p.top, 'conf/site.config.ts'), '--out-dir', path.join(p.top, 'conf')], "is the config file's folder");
  });

  it('the filesystem root, even with --force-out-dir', async () => {
    const p = project();
    await refused(p, ['--out-dir', '/', '--force-out-dir'], '"/" is the filesystem root');
  });

  it('the home folder, even with --force-out-dir', async () => {
    const p = project();
    await refused(p, ['--out-dir', p.home, '--force-out-dir'], 'is the home folder');
  });

  it('an unrelated folder of other files', async () => {
    const p = project();
    await refused(p, ['--out-dir', '../photos'], 'is a folder of other files (cat.jpg), not an earlier sitegen build');
  });

  it('a file, even with --force-out-dir', async () => {
    const p = project();
    await refused(p, ['--out-dir', '../notes.txt', '--force-out-dir'], 'is a file, not a folder');
  });

  it('the site or a source folder, even with --force-out-dir', async () => {
    const p = project();
    await refused(p, ['--out-dir', '.', '--force-out-dir'], 'is the site folder');
    await refused(p, ['--out-dir', 'docs', '--force-out-dir'], 'is the docs folder');
  });
});

describe('sitegen build --out-dir replaces what it may', () => {
  it('an earlier build (it carries the marker), an empty folder, and an unrelated folder with --force-out-dir', async () => {
    const p = project();
    const out = path.join(p.top, 'out');
    const first = await sitegen(p, ['--out-dir', out]);
    expect(first.status, first.output).toBe(0);
    expect(fs.existsSync(path.join(out, OUTPUT_MARKER))).toBe(true);
    fs.writeFileSync(path.join(out, 'stale.html'), 'from before');
    const again = await sitegen(p, ['--out-dir', out]);
    expect(again.status, again.output).toBe(0);
    expect(fs.existsSync(path.join(out, 'stale.html'))).toBe(false);
    expect(fs.existsSync(path.join(out, 'docs/intro/index.html'))).toBe(true);

    fs.mkdirSync(path.join(p.top, 'empty'));
    expect((await sitegen(p, ['--out-dir', '../empty'])).status).toBe(0);
    expect(fs.existsSync(path.join(p.top, 'empty/docs/intro/index.html'))).toBe(true);

    const forced = await sitegen(p, ['--out-dir', '../photos', '--force-out-dir']);
    expect(forced.status, forced.output).toBe(0);
    expect(fs.existsSync(path.join(p.top, 'photos/cat.jpg'))).toBe(false);
    expect(fs.existsSync(path.join(p.top, 'photos', OUTPUT_MARKER))).toBe(true);
    // Nothing but the output folders changed, and no staging folder is left behind.
    expect(fs.readdirSync(p.top).sort()).toEqual(['empty', 'home', 'notes.txt', 'out', 'photos', 'site']);
  }, 60_000);
});

describe('a route that would leave the output folder', () => {
  it('is an error naming the file, the line and the key; nothing is written', async () => {
    const p = project(
      {
        'site/docs/slug.md': '---\ntitle: Slug\nslug: /../../pwned-slug\n---\n# Slug\n',
        'site/docs/encoded.md': '---\nslug: /%2e%2e/%2e%2e/pwned-encoded\n---\n# Encoded\n',
        'site/docs/id.md': '---\ntitle: Id\nid: ../../pwned-id\n---\n# Id\n',
        'site/blog/2024-01-02-post.md': '---\ntitle: Post\nslug: ../../../pwned-blog\n---\nText.\n',
        'site/blog/2024-01-03-tagged.md': '---\ntitle: Tagged\ntags:\n  - label: Evil\n    permalink: /../../../../pwned-tag\n---\nText.\n',
        'site/src/pages/%2e%2e/%2e%2e/pwned-page.md': '# Page\n',
      },
      { blogs: [{ id: 'blog', path: 'blog', routeBasePath: 'blog', title: 'Blog' }] },
    );
    const before = snapshot(p.top);
    const run = await sitegen(p, ['--out-dir', '../out']);
    expect(run.status, run.output).toBe(1);
    const docs = path.join(p.siteDir, 'docs');
    expect(run.output).toContain(
      `${docs}/slug.md:3: front matter "slug" makes the route "/docs/../../pwned-slug", which would be written to "docs/../../pwned-slug/index.html", outside the output folder`,
    );
    expect(run.output).toContain(`${docs}/encoded.md:2: front matter "slug" makes the route "/docs/%2e%2e/%2e%2e/pwned-encoded"`);
    expect(run.output).toContain(`${docs}/id.md:3: front matter "id" "../../pwned-id" cannot include a slash or be "." or ".."`);
    expect(run.output).toContain(`${path.join(p.siteDir, 'blog/2024-01-02-post.md')}:3: front matter "slug" makes the route "/blog/../../../pwned-blog"`);
    expect(run.output).toContain(`${path.join(p.siteDir, 'blog/2024-01-03-tagged.md')}:5: front matter "tags" (a tag's permalink) makes the route "/blog/tags/../../../../pwned-tag"`);
    expect(run.output).toContain(`${path.join(p.siteDir, 'src/pages/%2e%2e/%2e%2e/pwned-page.md')}: the file path makes the route "/%2e%2e/%2e%2e/pwned-page"`);
    expect(run.output).not.toMatch(/\n\s+at /);
    expect(snapshot(p.top)).toEqual(before);
  }, 60_000);
});

describe('stale staging folders', () => {
  it('a build removes those of killed builds (marked, process gone) and leaves anything else', async () => {
    const p = project();
    const out = path.join(p.top, 'out');
    const dead = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.on('exit', () => resolve(child.pid!));
    });
    const stale = `${out}.tmp-${dead}-1700000000000`;
    const notOurs = `${out}.tmp-${dead}-1700000000001`;
    for (const dir of [stale, notOurs]) fs.mkdirSync(path.join(dir, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(stale, OUTPUT_MARKER), '');
    fs.writeFileSync(path.join(notOurs, 'docs/mine.txt'), 'a folder that only looks like a staging folder');
    await build({ configFile: p.configFile, outDir: out });
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.readFileSync(path.join(notOurs, 'docs/mine.txt'), 'utf8')).toContain('only looks like');
    expect(fs.existsSync(path.join(out, OUTPUT_MARKER))).toBe(true);
  }, 60_000);
});

describe('a build killed between the two renames of its swap', () => {
  it('leaves no output folder: the next build puts the previous output back first, also when it fails', async () => {
    const p = project();
    const out = path.join(p.top, 'out');
    await build({ configFile: p.configFile, outDir: out });
    const built = snapshot(out);
    const dead = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.on('exit', () => resolve(child.pid!));
    });
    // What the swap leaves when killed after moving the output aside: the old one and the new staging folder.
    const swap = () => {
      fs.renameSync(out, `${out}.old-${dead}-1700000000000`);
      fs.mkdirSync(`${out}.tmp-${dead}-1700000000001`);
      fs.writeFileSync(path.join(`${out}.tmp-${dead}-1700000000001`, OUTPUT_MARKER), '');
    };
    swap();
    const intro = path.join(p.siteDir, 'docs/intro.md');
    fs.writeFileSync(intro, '# Intro\n\nA [broken link](./missing.md).\n');
    await expect(build({ configFile: p.configFile, outDir: out })).rejects.toThrow('missing.md');
    expect(snapshot(out)).toEqual(built);

    fs.renameSync(out, `${out}.old-${dead}-1700000000002`);
    fs.writeFileSync(intro, '# Intro\n\nHello again.\n');
    const result = await build({ configFile: p.configFile, outDir: out });
    expect(result.warnings.map((w) => w.message)).toContain(`the previous output was restored from ${out}.old-${dead}-1700000000002: a build killed while replacing it had left no output folder`);
    expect(fs.readFileSync(path.join(out, 'docs/intro/index.html'), 'utf8')).toContain('Hello again.');
    await DirSink.settled();
    expect(fs.readdirSync(p.top).filter((f) => f.startsWith('out'))).toEqual(['out']);

    // sitegen serve reads the output folder: it puts it back too.
    const served = snapshot(out);
    fs.renameSync(out, `${out}.old-${dead}-1700000000003`);
    const said: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void said.push(line));
    const server = await startServe({ dir: out, port: '0', host: '127.0.0.1', config: path.join(p.top, 'no-config.ts') }).finally(() => log.mockRestore());
    await new Promise((resolve) => server.close(resolve));
    expect(said[0]).toContain('The previous build was restored from');
    expect(snapshot(out)).toEqual(served);
  }, 60_000);
});

describe('kill -9 of the launcher', () => {
  it('takes the build running in its child node with it, and the output is not written', async () => {
    // Enough pages that the build is still running when the launcher is killed.
    const docs: Record<string, string> = {};
    for (let i = 0; i < 400; i++) docs[`site/docs/page-${i}.md`] = `# Page ${i}\n\n${'Some words to parse. '.repeat(40)}\n\n## Part\n\nMore.\n`;
    const p = project(docs);
    const out = path.join(p.top, 'out');
    // The build is under way once its staging folder (out.tmp-<pid>-<time>) is there: its pages are
    // rendered, and the bundles, the styles and the writes of 800 files are still to come.
    const staging = fs.watch(p.top);
    const launcher = spawn(process.execPath, [sitegenBin, 'build', '--out-dir', out, '--threads', '0'], { cwd: p.siteDir, stdio: 'ignore' });
    const building = new Promise<void>((resolve, reject) => {
      const look = () => fs.readdirSync(p.top).some((f) => f.startsWith('out.tmp-')) && resolve();
      staging.on('change', look);
      look();
      launcher.once('exit', () => reject(new Error('the build ended before its staging folder was seen')));
    });
    const childPid = await waitFor(() =>
      fs
        .readFileSync(`/proc/${launcher.pid}/task/${launcher.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .map(Number)
        .find((n) => n > 0),
    );
    try {
      await building;
      launcher.kill('SIGKILL');
      await waitFor(() => (alive(childPid) ? undefined : true), 10_000);
      // The child is gone (not even a zombie), and with it (no worker threads) anything that could write.
      expect(fs.existsSync(out)).toBe(false);
      expect(fs.readdirSync(p.top).filter((f) => f.startsWith('out'))).toEqual([]);
    } finally {
      staging.close();
      if (alive(childPid)) process.kill(childPid, 'SIGKILL');
    }
  }, 60_000);
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie (ended, not yet reaped by its new parent) is gone too.
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function waitFor<T>(probe: () => T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const value = probe();
      if (value !== undefined) return value;
    } catch {
      // Not there yet.
    }
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
