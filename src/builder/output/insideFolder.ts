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

/**
 * A relative path that path.join appends as it is and that cannot leave its folder: segments of word
 * characters, `-` and dots between them (no `.` or `..` segment, no empty one, no `\\`, `:` or NUL),
 * as the pages' files are (`docs/intro/index.html`). Joined as strings: the 20,000 files of the
 * 10,000-docs folder site (bench/folder.ts) took 36-113 ms of CPU through path.join, path.relative
 * and staysInside's normalize, 1.4-17 ms so (8 rounds alternating in one process, 03:05 UTC, loaded
 * machine); the HTML threads check every page's two files.
 */
const PLAIN = /^(?:[\w-]+(?:\.[\w-]+)*\/)*[\w-]+(?:\.[\w-]+)*$/;
/** Folders that path.join leaves as they are (absolute, normalised, no trailing separator), by name. */
const normalRoots = new Map<string, boolean>();
const isNormalRoot = (root: string) => normalRoots.get(root) ?? normalRoots.set(root, path.sep === '/' && path.isAbsolute(root) && path.resolve(root) === root && root !== '/').get(root)!;

/** The absolute file of `rel` inside `root`; a SitegenError when it would be outside. */
export function insideFolder(root: string, rel: string): string {
  if (PLAIN.test(rel) && isNormalRoot(root)) return `${root}/${rel}`;
  const file = path.join(root, rel);
  const back = path.relative(root, file);
  if (!staysInside(rel) || back === '..' || back.startsWith(`..${path.sep}`) || path.isAbsolute(back)) {
    throw new SitegenError('A file would be written outside the output folder', [
      { message: `output path ${JSON.stringify(rel)} leaves the output folder`, hint: 'A slug, id, permalink or path with ".." made it: remove the "..".' },
    ]);
  }
  return file;
}
