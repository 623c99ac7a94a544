// The last guard of every output file: a path below the output folder that would resolve outside it
// (`..`, an absolute path) is refused before anything is written. Routes are checked earlier, with the
// file and front-matter key that made them (routes/routeSafety.ts); this catches anything else.
import path from 'node:path';
import { SitegenError } from '../errors.js';

/** Whether a relative output path stays inside its folder (no `..` step out, not absolute). */
export function staysInside(rel: string): boolean {
  if (rel.includes('\0')) return false;
  const norm = path.posix.normalize(rel.replaceAll('\\', '/'));
  return !(norm === '..' || norm.startsWith('../') || path.posix.isAbsolute(norm) || /^[a-z]:/i.test(norm));
}

/** The absolute file of `rel` inside `root`; a SitegenError when it would be outside. */
export function insideFolder(root: string, rel: string): string {
  const file = path.join(root, rel);
  const back = path.relative(root, file);
  if (!staysInside(rel) || back === '..' || back.startsWith(`..${path.sep}`) || path.isAbsolute(back)) {
    throw new SitegenError('A file would be written outside the output folder', [
      { message: `output path ${JSON.stringify(rel)} leaves the output folder`, hint: 'A slug, id, permalink or path with ".." made it: remove the "..".' },
    ]);
  }
  return file;
}
