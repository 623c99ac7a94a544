import fs from 'node:fs';
import path from 'node:path';
import { SitegenError } from '../errors.js';

// Copies a folder as a frozen snapshot (`sitegen docs:version`): every file, dot files included, as
// Docusaurus copies a docs folder. A symbolic link is copied as what it points at (a relative link
// would point elsewhere from the copy's deeper folder) when that is inside one of `allowed` (the site
// folder); a link outside it, to nothing, or back to a folder containing it is an error.

/** Copies `from` into `to` (which must not exist); returns the copied files, relative with '/'. */
export function copyTree(params: { from: string; to: string; allowed: string[] }): string[] {
  const allowed = params.allowed.map(realOr);
  const copied: string[] = [];
  const walk = (from: string, to: string, rel: string, realAncestors: string[]) => {
    fs.mkdirSync(to);
    for (const e of fs.readdirSync(from, { withFileTypes: true })) {
      const src = path.join(from, e.name);
      const dest = path.join(to, e.name);
      const relPath = rel ? `${rel}/${e.name}` : e.name;
      let real = src;
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (e.isSymbolicLink()) {
        real = followLink(src, allowed);
        const stat = fs.statSync(real);
        isDir = stat.isDirectory();
        isFile = stat.isFile();
        if (isDir && realAncestors.some((a) => isWithin(a, real))) {
          throw linkError(src, `symbolic link to "${fs.readlinkSync(src)}" loops back to a folder that contains it`, 'Remove the link, or point it at a folder that does not contain it.');
        }
      }
      if (isDir) walk(real, dest, relPath, [...realAncestors, fs.realpathSync(real)]);
      else if (isFile) {
        fs.copyFileSync(real, dest, fs.constants.COPYFILE_EXCL);
        copied.push(relPath);
      }
    }
  };
  walk(params.from, params.to, '', [fs.realpathSync(params.from)]);
  return copied.sort();
}

function followLink(link: string, allowed: string[]): string {
  const written = fs.readlinkSync(link);
  let real: string;
  try {
    real = fs.realpathSync(link);
  } catch {
    throw linkError(link, `symbolic link to "${written}", which does not exist`, 'Fix or remove the link.');
  }
  if (!allowed.some((a) => isWithin(real, a))) {
    throw linkError(link, `symbolic link points outside the site folder: "${written}" (${real})`, 'Copy the file into the site folder, or make the link point inside it.');
  }
  return real;
}

function linkError(file: string, message: string, hint: string): SitegenError {
  return new SitegenError('Symbolic links that cannot be copied', [{ message, file, hint }]);
}

export function isWithin(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function realOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
