import fs from 'node:fs';
import path from 'node:path';
import { SitegenError } from '../errors.js';
import { processAlive } from '../processAlive.js';
import { removeStaleTemps, tempPath, writeFileAtomic } from './atomicFile.js';

// Writes into a site's own folders (`sitegen docs:version`) all or nothing: each folder or file is
// made under a temporary name next to its target and renamed into place once complete, so a crash
// leaves no half-written one under the real name; `rollback` removes everything made so far
// (targets, temporary copies and the parent folders that had to be created). A kill -9 leaves no
// chance to roll back: `begin` first names every target in a journal next to the file written last
// (the anchor, which says whether the run completed), and the next run undoes an incomplete one
// (recoverStagedWrites).

interface Journal {
  tag: string;
  targets: string[];
  /** Folders the run had to create, deepest first. */
  created: string[];
}

export class StagedWrites {
  private readonly made: string[] = [];
  private journal?: string;

  /** Names what the run will write (`tag` is what the anchor lists once it completed), before any of it is written. */
  begin(params: { anchor: string; tag: string; targets: string[] }): void {
    const created = new Set<string>();
    for (const target of params.targets) for (let d = path.dirname(target); !fs.existsSync(d); d = path.dirname(d)) created.add(d);
    const journal: Journal = { tag: params.tag, targets: params.targets, created: [...created].sort((a, b) => b.length - a.length) };
    this.journal = journalPath(params.anchor, process.pid);
    writeFileAtomic({ file: this.journal, data: `${JSON.stringify(journal, null, 2)}\n` });
  }

  /** The run completed (its anchor is written): nothing is left to undo. */
  finish(): void {
    if (this.journal) fs.rmSync(this.journal, { force: true });
    this.journal = undefined;
    this.made.length = 0;
  }

  /** Fills a temporary folder next to `target` with `fill`, then renames it to `target`. */
  dir<T>(target: string, fill: (tmp: string) => T): T {
    const tmp = this.tmpFor(target);
    const result = fill(tmp);
    this.moveIntoPlace(tmp, target);
    return result;
  }

  /** Writes `text` to a temporary file next to `target`, then renames it to `target` (replacing it, atomically). */
  file(target: string, text: string, options: { replaces?: boolean } = {}): void {
    if (options.replaces) {
      this.ensureParent(path.dirname(target));
      writeFileAtomic({ file: target, data: text });
      return;
    }
    const tmp = this.tmpFor(target);
    fs.writeFileSync(tmp, text, { flag: 'wx' });
    this.moveIntoPlace(tmp, target);
  }

  /** Removes what was made, newest first; errors are ignored so that every path is tried. */
  rollback(): void {
    for (const p of this.made.splice(0).reverse()) {
      try {
        fs.rmSync(p, { recursive: true, force: true });
      } catch {
        // Left for the user: the error that caused the rollback is the one reported.
      }
    }
    this.finish();
  }

  private tmpFor(target: string): string {
    this.ensureParent(path.dirname(target));
    const tmp = tempPath(target);
    this.made.push(tmp);
    return tmp;
  }

  private moveIntoPlace(tmp: string, target: string): void {
    // A target that appeared meanwhile is not replaced (a folder rename onto a non-empty folder fails anyway).
    if (fs.existsSync(target)) {
      throw new SitegenError(`${target} appeared while sitegen was writing it`, [
        { message: 'another program wrote it meanwhile', file: target, hint: 'Run the command again once the other program is done.' },
      ]);
    }
    fs.renameSync(tmp, target);
    this.made[this.made.indexOf(tmp)] = target;
  }

  private ensureParent(dir: string): void {
    let top: string | undefined;
    for (let d = dir; !fs.existsSync(d); d = path.dirname(d)) top = d;
    if (!top) return;
    fs.mkdirSync(dir, { recursive: true });
    this.made.push(top);
  }
}

/**
 * Undoes the runs killed before they completed: each journal next to `anchor` of a process that is
 * gone names what its run was writing; unless `done(tag)` says the anchor lists the run's result,
 * its targets and the folders it created are removed. The temporary files and folders of those runs
 * go too. Returns the tags of the runs undone.
 */
export function recoverStagedWrites(params: { anchor: string; done: (tag: string) => boolean }): string[] {
  const dir = path.dirname(params.anchor);
  const prefix = path.basename(journalPath(params.anchor, 0)).slice(0, -1);
  const undone: string[] = [];
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    // No folder: no journal.
  }
  for (const name of names) {
    const pid = name.startsWith(prefix) ? Number(name.slice(prefix.length)) : NaN;
    // This process runs one staged run at a time: a journal with its id is from an earlier process.
    if (!Number.isInteger(pid) || pid <= 0 || (pid !== process.pid && processAlive(pid))) continue;
    const file = path.join(dir, name);
    const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as Journal;
    for (const folder of new Set(journal.targets.map((t) => path.dirname(t)))) removeStaleTemps(folder);
    if (!params.done(journal.tag)) {
      for (const target of journal.targets) fs.rmSync(target, { recursive: true, force: true });
      for (const folder of journal.created) {
        try {
          fs.rmdirSync(folder);
        } catch {
          // Not empty (it holds files of another version) or gone: left.
        }
      }
      undone.push(journal.tag);
    }
    fs.rmSync(file, { force: true });
  }
  removeStaleTemps(dir);
  return undone;
}

function journalPath(anchor: string, pid: number): string {
  return path.join(path.dirname(anchor), `.${path.basename(anchor)}.sitegen-journal-${pid}`);
}
