// Replaces a file as a whole or not at all, for every file sitegen writes in place of one a person
// owns (translation files, versions.json, site.config.ts, form exports). The data goes to a temporary
// file next to the target, is fsync'ed, renamed over it and the folder fsync'ed: a full disk, a
// kill -9 or a power cut leaves the old file or the new one, never a torn one. The temporary names
// carry the writer's process id, so the next write into the folder removes those a killed run left.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SitegenError } from '../errors.js';
import { processAlive } from '../processAlive.js';

const TEMP_NAME = /^\..+\.sitegen-tmp-(\d+)(?:-[0-9a-f]+)?$/;

/** A temporary name next to `target` that no other write (of this process or another) uses. */
export function tempPath(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.sitegen-tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
}

/** Whether a name in a folder is one of our temporary files or folders. */
export function isTempName(name: string): boolean {
  return TEMP_NAME.test(name);
}

/** Removes the temporary files and folders in `dir` left by processes that are gone; returns them. */
export function removeStaleTemps(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(TEMP_NAME.exec(name)?.[1]);
    // This process's own are in use (its writes are synchronous, and a staged run cleans before it starts).
    if (!pid || pid === process.pid || processAlive(pid)) continue;
    try {
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
      removed.push(path.join(dir, name));
    } catch {
      // Being removed by another run too: left to it.
    }
  }
  return removed;
}

/**
 * Writes `data` to `file` atomically. An existing file keeps its mode and owner (a person's file
 * stays theirs); `mode` sets one instead, also on a file that exists (an export of personal data is
 * the owner's only, whatever the file it replaces allowed). A symbolic link is written through.
 */
export function writeFileAtomic(params: { file: string; data: string | Uint8Array; mode?: number }): void {
  const target = throughLink(path.resolve(params.file));
  const dir = path.dirname(target);
  removeStaleTemps(dir);
  const existing = fs.statSync(target, { throwIfNoEntry: false });
  const tmp = tempPath(target);
  let fd: number | undefined;
  try {
    // A new file without a mode gets the default (umask applies); any other is private until chmod.
    fd = fs.openSync(tmp, 'wx', params.mode === undefined && !existing ? 0o666 : 0o600);
    if (params.mode !== undefined) fs.fchmodSync(fd, params.mode);
    else if (existing) {
      fs.fchmodSync(fd, existing.mode & 0o7777);
      keepOwner(fd, existing);
    }
    fs.writeFileSync(fd, params.data);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(tmp, target);
  } catch (e) {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw writeError({ file: target, error: e, existed: Boolean(existing) });
  }
  syncFolder(dir);
}

/** Makes a rename in `dir` durable; a file system that cannot sync a folder is left to its own order. */
export function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // EINVAL / EISDIR on file systems without folder sync: nothing more to do there.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** A write that failed, said for a person: what, where, and that their file is as it was. */
export function writeError(params: { file: string; error: unknown; existed: boolean }): Error {
  const { file, error } = params;
  if (error instanceof SitegenError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (!code) return error as Error;
  const reasons: Record<string, string> = {
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EACCES: `permission denied in ${path.dirname(file)}`,
    EPERM: `permission denied in ${path.dirname(file)}`,
    EROFS: 'the file system is read-only',
    ENOENT: `the folder ${path.dirname(file)} does not exist`,
    EISDIR: 'it is a folder',
  };
  const permission = `Make the folder writable for this user (sitegen writes a temporary file next to ${path.basename(file)}), then run the command again.`;
  const fixes: Record<string, string> = {
    ENOSPC: 'Free some space on the disk, then run the command again.',
    EDQUOT: 'Free some space (or raise the quota), then run the command again.',
    EACCES: permission,
    EPERM: permission,
    EROFS: 'Run the command where the file system is writable.',
    ENOENT: 'Create the folder first, or write the file elsewhere.',
    EISDIR: 'Name a file, not a folder.',
  };
  const kept = params.existed ? `${path.basename(file)} is unchanged.` : 'Nothing was written.';
  return new SitegenError(`Cannot write ${file}`, [
    { message: `${reasons[code] ?? (error as Error).message} (${code})`, file, hint: `${fixes[code] ?? 'Fix the cause, then run the command again.'} ${kept}` },
  ]);
}

function throughLink(file: string): string {
  try {
    return fs.lstatSync(file).isSymbolicLink() ? fs.realpathSync(file) : file;
  } catch {
    return file;
  }
}

function keepOwner(fd: number, existing: fs.Stats): void {
  if (existing.uid === process.getuid?.() && existing.gid === process.getgid?.()) return;
  try {
    fs.fchownSync(fd, existing.uid, existing.gid);
  } catch {
    // Only root may give a file away: the file is then this user's, with the same mode.
  }
}
