// What the disk said when the output could not be written, told as a SitegenError: the folder at
// fault and what to do about it, instead of a raw errno. The staging folder's name means nothing to
// the user: it is the folder the output goes into that is named.
import fs from 'node:fs';
import path from 'node:path';
import { SitegenError } from '../errors.js';

const KEPT = 'The previous build, if there was one, is left as it was.';

/** `e` as a SitegenError about writing `outDir`, when it is a file-system error sitegen can explain; else `e`. */
export function diskError(e: unknown, outDir: string): unknown {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (e instanceof SitegenError || typeof code !== 'string') return e;
  const parent = path.dirname(outDir);
  const title = `Cannot write the output folder ${outDir}`;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return missingFolder(outDir) ?? unwritable(title, parent) ?? e;
    case 'EROFS':
    case 'EPERM':
    case 'EACCES':
      return unwritable(title, parent, code) ?? e;
    case 'ENOSPC':
    case 'EDQUOT':
      return new SitegenError(title, [
        {
          message: code === 'ENOSPC' ? 'no space left on the disk of this folder' : 'the disk quota of this folder is used up',
          file: parent,
          hint: `Free some space on that disk, or pass another --out-dir. ${KEPT}`,
        },
      ]);
    case 'ENAMETOOLONG':
      return new SitegenError(title, [
        {
          message: 'a file or folder name of the output is longer than the file system allows',
          file: (e as NodeJS.ErrnoException).path ?? outDir,
          hint: 'Shorten the slug or file name of the page this path comes from.',
        },
      ]);
    default:
      return e;
  }
}

/** The folder on the way to `outDir` that is a symbolic link to nothing, or a file. */
function missingFolder(outDir: string): SitegenError | undefined {
  const title = `Cannot create the output folder ${outDir}`;
  for (let dir = outDir; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(dir);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) {
      const target = path.resolve(path.dirname(dir), fs.readlinkSync(dir));
      if (fs.existsSync(target)) return undefined;
      return new SitegenError(title, [{ message: `a symbolic link to ${target}, which does not exist`, file: dir, hint: `Create ${target}, fix or remove the link, or pass another --out-dir.` }]);
    }
    if (!stat.isDirectory()) return new SitegenError(title, [{ message: 'this is a file, not a folder', file: dir, hint: 'Move the file away, or pass another --out-dir.' }]);
    return undefined;
  }
  return undefined;
}

/**
 * Why the nearest existing folder above the output cannot be written in (read-only disk, permissions,
 * the immutable flag). `code`: what the failed call said, when the folder itself does not tell.
 */
function unwritable(title: string, parent: string, code?: string): SitegenError | undefined {
  let dir = parent;
  while (!fs.existsSync(dir) && dir !== path.dirname(dir)) dir = path.dirname(dir);
  let why = code;
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (e) {
    why = (e as NodeJS.ErrnoException).code ?? code;
  }
  if (why === 'EROFS')
    return new SitegenError(title, [{ message: 'this folder is on a read-only file system', file: dir, hint: `Pass another --out-dir on a writable disk, or mount this one read-write. ${KEPT}` }]);
  if (why === 'EPERM' || why === 'EACCES')
    return new SitegenError(title, [
      {
        message: `sitegen is not allowed to write in this folder (${why === 'EPERM' ? 'operation not permitted' : 'permission denied'})`,
        file: dir,
        hint: `Check its owner and permissions (ls -ld) and flags (lsattr -d; chattr -i removes the immutable flag), or pass another --out-dir. ${KEPT}`,
      },
    ]);
  return undefined;
}
