import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { StagedWrites, recoverStagedWrites } from '../../../../src/builder/output/stagedWrites.js';
import { copyTree } from '../../../../src/builder/output/copyTree.js';

const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-staged-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
const listing = (dir: string) => (fs.readdirSync(dir, { recursive: true }) as string[]).map((p) => p.split(path.sep).join('/')).sort();

describe('StagedWrites', () => {
  it('renames each folder and file into place once complete, and rollback removes them with the parents it made', () => {
    const root = tmp();
    fs.writeFileSync(path.join(root, 'list.json'), '["old"]\n');
    const staged = new StagedWrites();
    staged.dir(path.join(root, 'a/b/version-1'), (dir) => {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'doc.md'), '# Doc\n');
      // Under construction, the folder has a temporary name only.
      expect(fs.existsSync(path.join(root, 'a/b/version-1'))).toBe(false);
    });
    staged.file(path.join(root, 'a/labels.json'), '{}\n');
    staged.file(path.join(root, 'list.json'), '["new"]\n', { replaces: true });
    expect(listing(root)).toEqual(['a', 'a/b', 'a/b/version-1', 'a/b/version-1/doc.md', 'a/labels.json', 'list.json']);
    staged.rollback();
    // The replaced file is not restored: callers write it last, when nothing can fail after it.
    expect(listing(root)).toEqual(['list.json']);
  });

  it('leaves no temporary folder after a failing fill is rolled back, and never replaces a folder that exists', () => {
    const root = tmp();
    const staged = new StagedWrites();
    expect(() =>
      staged.dir(path.join(root, 'v'), (dir) => {
        fs.mkdirSync(dir);
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    staged.rollback();
    expect(listing(root)).toEqual([]);

    fs.mkdirSync(path.join(root, 'taken'));
    expect(() => new StagedWrites().dir(path.join(root, 'taken'), (dir) => fs.mkdirSync(dir))).toThrow(/appeared while sitegen was writing it/);
  });
});

describe('recoverStagedWrites', () => {
  /** What a run killed with SIGKILL after `steps` leaves: its journal, renamed under the id of a process that is gone. */
  const killedRun = (root: string, tag: string, steps: (staged: StagedWrites) => void) => {
    const staged = new StagedWrites();
    const anchor = path.join(root, 'list.json');
    staged.begin({ anchor, tag, targets: [path.join(root, 'a/b/version-1'), path.join(root, 'a/labels.json')] });
    steps(staged);
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    fs.renameSync(path.join(root, `.list.json.sitegen-journal-${process.pid}`), path.join(root, `.list.json.sitegen-journal-${dead}`));
    for (const name of fs.readdirSync(path.join(root, 'a/b'))) {
      if (name.includes('.sitegen-tmp-')) fs.renameSync(path.join(root, 'a/b', name), path.join(root, 'a/b', name.replace(`-${process.pid}-`, `-${dead}-`)));
    }
    return anchor;
  };

  it('removes what a killed run wrote, its temporary folders and the folders it made, unless the anchor lists its result', () => {
    const root = tmp();
    fs.writeFileSync(path.join(root, 'list.json'), '[]\n');
    const anchor = killedRun(root, 'version-1', (staged) => {
      staged.dir(path.join(root, 'a/b/version-1'), (dir) => fs.mkdirSync(dir));
      staged.file(path.join(root, 'a/labels.json'), '{}\n');
      // Killed while copying the next folder.
      expect(() =>
        staged.dir(path.join(root, 'a/b/version-2'), (dir) => {
          fs.mkdirSync(dir);
          throw new Error('SIGKILL');
        }),
      ).toThrow('SIGKILL');
    });
    expect(recoverStagedWrites({ anchor, done: () => false })).toEqual(['version-1']);
    expect(listing(root)).toEqual(['list.json']);
  });

  it('keeps the result of a run killed after its anchor listed it, dropping only the journal', () => {
    const root = tmp();
    const anchor = killedRun(root, 'version-1', (staged) => {
      staged.dir(path.join(root, 'a/b/version-1'), (dir) => fs.mkdirSync(dir));
      staged.file(path.join(root, 'a/labels.json'), '{}\n');
      staged.file(path.join(root, 'list.json'), '["version-1"]\n', { replaces: true });
    });
    expect(recoverStagedWrites({ anchor, done: (tag) => JSON.parse(fs.readFileSync(anchor, 'utf8')).includes(tag) })).toEqual([]);
    expect(listing(root)).toEqual(['a', 'a/b', 'a/b/version-1', 'a/labels.json', 'list.json']);
  });
});

describe('copyTree', () => {
  it('copies every file, dot files included, and refuses a link that loops back or leads nowhere', () => {
    const root = tmp();
    const from = path.join(root, 'docs');
    fs.mkdirSync(path.join(from, 'guide'), { recursive: true });
    fs.writeFileSync(path.join(from, '.editorconfig'), 'root = true\n');
    fs.writeFileSync(path.join(from, 'guide/a.md'), '# A\n');
    expect(copyTree({ from, to: path.join(root, 'copy'), allowed: [root] })).toEqual(['.editorconfig', 'guide/a.md']);

    fs.symlinkSync('..', path.join(from, 'guide/up'));
    expect(() => copyTree({ from, to: path.join(root, 'copy2'), allowed: [root] })).toThrow(/loops back to a folder that contains it/);
    fs.unlinkSync(path.join(from, 'guide/up'));
    fs.symlinkSync('missing.md', path.join(from, 'guide/gone.md'));
    expect(() => copyTree({ from, to: path.join(root, 'copy3'), allowed: [root] })).toThrow(/which does not exist/);
  });
});
