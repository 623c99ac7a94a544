import fs from 'node:fs';
import path from 'node:path';
import { SitegenError } from '../errors.js';

// Writes into a site's own folders (`sitegen docs:version`) all or nothing: each folder or file is
// made under a temporary name next to its target and renamed into place once complete, so a crash
// leaves no half-written one under the real name; `rollback` removes everything made so far
// (targets, temporary copies and the parent folders that had to be created).

export class StagedWrites {
  private readonly made: string[] = [];

  /** Fills a temporary folder next to `target` with `fill`, then renames it to `target`. */
  dir<T>(target: string, fill: (tmp: string) => T): T {
    const tmp = this.tmpFor(target);
    const result = fill(tmp);
    this.moveIntoPlace(tmp, target);
    return result;
  }

  /** Writes `text` to a temporary file next to `target`, then renames it to `target` (replacing it). */
  file(target: string, text: string, options: { replaces?: boolean } = {}): void {
    const tmp = this.tmpFor(target);
    fs.writeFileSync(tmp, text, { flag: 'wx' });
    if (options.replaces) {
      fs.renameSync(tmp, target);
      this.made.splice(this.made.indexOf(tmp), 1);
    } else this.moveIntoPlace(tmp, target);
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
  }

  private tmpFor(target: string): string {
    this.ensureParent(path.dirname(target));
    const tmp = path.join(path.dirname(target), `.${path.basename(target)}.sitegen-tmp-${process.pid}`);
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
