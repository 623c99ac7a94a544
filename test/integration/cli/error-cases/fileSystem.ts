// Rows of the error table: the output folder and the machine (a dangling symlink, a name too long,
// a read-only or full disk, an immutable folder) and code that throws while it loads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import type { ErrorCase } from './types.js';

/** A small site in `dir`: the config, a home page and `files`. */
function site(dir: string, files: Record<string, string> = {}, config: Record<string, unknown> = {}): void {
  const all: Record<string, string> = {
    'site.config.ts': `export default ${JSON.stringify({ title: 'Test Site', url: 'https://example.com', ...config }, null, 2)};\n`,
    'src/pages/index.md': '# Home\n',
    'docs/intro.md': '# Intro\n',
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
}

function root(): string | undefined {
  return process.getuid?.() === 0 ? undefined : 'needs root (chattr)';
}

/** Mounts a tmpfs at `dir` (created); throws when it cannot (see `noTmpfs`). */
function mountTmpfs(dir: string, options: string): void {
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' });
}

let tmpfsProbe: string | undefined | null = null;

/** Why a tmpfs cannot be mounted here (not root, a container without the right), found once by trying. */
function noTmpfs(): string | undefined {
  if (tmpfsProbe !== null) return tmpfsProbe;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-mount-probe-'));
  try {
    mountTmpfs(dir, 'size=64k');
    unmount(dir);
    tmpfsProbe = undefined;
  } catch (e) {
    tmpfsProbe = `cannot mount a tmpfs: ${(e as Error).message.split('\n')[0]}`;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return tmpfsProbe;
}

function unmount(dir: string): void {
  execFileSync('umount', [dir], { stdio: 'pipe' });
}

/** An earlier sitegen build at `outDir`, which a failed build must leave as it was. */
function previousBuild(outDir: string): void {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, '.sitegen-build'), 'This folder was written by `sitegen build`, which replaces it as a whole on every build.\n');
  fs.writeFileSync(path.join(outDir, 'index.html'), 'the previous build');
}

/** The previous build is whole and nothing half-written lies beside it. */
function previousBuildStands(parent: string): void {
  expect(fs.readdirSync(parent)).toEqual(['build']);
  expect(fs.readFileSync(path.join(parent, 'build/index.html'), 'utf8')).toBe('the previous build');
}

export const fileSystemCases: ErrorCase[] = [
  {
    name: 'out-dir under a dangling symlink',
    setup: (dir) => {
      site(dir);
      fs.symlinkSync(path.join(dir, 'missing'), path.join(dir, 'link'));
      return { args: ['build', '--out-dir', 'link/build'] };
    },
    exitCode: 1,
    stderr: ['<dir>/link', 'a symbolic link to <dir>/missing, which does not exist', /Create .*missing|another --out-dir/],
  },
  {
    name: 'a 300-character slug',
    setup: (dir) => {
      site(dir, { 'docs/long.md': `---\ntitle: Long\nslug: /${'a'.repeat(300)}\n---\n\n# Long\n` });
      return { args: ['build'] };
    },
    exitCode: 1,
    stderr: ['<dir>/docs/long.md:3', /too long/, /shorter slug/],
  },
  {
    name: 'read-only file system',
    skip: noTmpfs,
    setup: (dir) => {
      site(dir);
      const mount = path.join(dir, 'ro');
      mountTmpfs(mount, 'size=1m');
      previousBuild(path.join(mount, 'build'));
      execFileSync('mount', ['-o', 'remount,ro', mount]);
      return { args: ['build', '--out-dir', 'ro/build'], check: () => previousBuildStands(mount), cleanup: () => unmount(mount) };
    },
    exitCode: 1,
    stderr: ['<dir>/ro', /read-only/, /Pass another --out-dir|writable/],
  },
  {
    name: 'an immutable output folder',
    skip: root,
    setup: (dir) => {
      site(dir);
      const parent = path.join(dir, 'out');
      previousBuild(path.join(parent, 'build'));
      execFileSync('chattr', ['+i', parent]);
      return { args: ['build', '--out-dir', 'out/build'], check: () => previousBuildStands(parent), cleanup: () => execFileSync('chattr', ['-i', parent]) };
    },
    exitCode: 1,
    stderr: ['<dir>/out', /not allowed|permission/i, /chattr -i|permissions/],
  },
  {
    name: 'disk full during a build',
    skip: noTmpfs,
    setup: (dir) => {
      // Pages of random words: they compress badly, so the output is well over the 200 KB disk.
      const words = (n: number) => Array.from({ length: n }, (_, i) => `w${(i * 7919) % 100003}`).join(' ');
      const docs = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`docs/page-${i}.md`, `# Page ${i}\n\n${words(4000)}\n`]));
      site(dir, docs);
      const mount = path.join(dir, 'full');
      mountTmpfs(mount, 'size=200k');
      previousBuild(path.join(mount, 'build'));
      return { args: ['build', '--out-dir', 'full/build'], check: () => previousBuildStands(mount), cleanup: () => unmount(mount) };
    },
    exitCode: 1,
    stderr: ['<dir>/full', /no space left/i, /Free some space|another --out-dir/],
  },
  {
    name: 'an MDX export that throws',
    setup: (dir) => {
      site(dir, { 'docs/boom.mdx': "# Boom\n\nexport const x = (() => { throw new Error('boom') })();\n\nText.\n" });
      return { args: ['build'] };
    },
    exitCode: 1,
    stderr: ['<dir>/docs/boom.mdx:3', 'boom'],
  },
  {
    name: 'an MDX export that throws, on build worker threads',
    setup: (dir) => {
      site(dir, { 'docs/boom.mdx': "# Boom\n\nexport const x = (() => { throw new Error('boom') })();\n\nText.\n" });
      return { args: ['build', '--threads', '2'] };
    },
    exitCode: 1,
    stderr: ['<dir>/docs/boom.mdx:3', 'boom'],
    notStderr: ['Build worker failed'],
  },
  {
    name: 'a forms schemas module that throws',
    setup: (dir) => {
      site(dir, { 'src/forms.ts': "export const forms = {};\nthrow new Error('schemas boom');\n" }, { forms: { schemas: 'src/forms.ts' } });
      return { args: ['forms', 'export', 'contact'] };
    },
    exitCode: 1,
    stderr: ['<dir>/src/forms.ts:2', 'schemas boom'],
  },
  {
    name: 'a short SITEGEN_FORMS_SECRET',
    setup: (dir) => {
      site(
        dir,
        { 'src/forms.ts': "import { z } from 'zod';\nexport const forms = { subscribe: z.object({ email: z.string() }) };\n" },
        { forms: { schemas: 'src/forms.ts', mail: { from: 'Site <hello@example.com>', teamTo: 'team@example.com', kinds: { subscribe: 'subscription' } } } },
      );
      return { args: ['forms', '--port', '0'], env: { SITEGEN_FORMS_SECRET: 'short' } };
    },
    exitCode: 1,
    stderr: ['SITEGEN_FORMS_SECRET', /at least 32 characters/, 'openssl rand -hex 32'],
  },
];
