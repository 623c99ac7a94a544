import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { SitegenError, type Problem } from '../errors.js';

/**
 * Files below `root` (relative paths with '/' separators), sorted, skipping dot folders. Symbolic
 * links are followed (files and folders, under the link's own name) when they resolve inside the site
 * folder or `root`; one that points outside, at nothing, or back at a folder that contains it is an error.
 */
export function listFiles(root: string, siteDir: string): string[] {
  const out: string[] = [];
  const problems: Problem[] = [];
  const realRoot = realOr(root);
  const allowed = [realOr(siteDir), realRoot];
  const walk = (dir: string, rel: string, realDir: string, ancestors: string[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const relPath = rel ? `${rel}/${e.name}` : e.name;
      // A file's absolute path is not needed: joined for each, path.join was 31 of the 51 ms a warm
      // build of the versioned benchmark site spent listing its docs (CPU profile, 16:36 UTC, load 5).
      if (e.isFile()) out.push(relPath);
      else if (e.isSymbolicLink()) {
        const abs = path.join(dir, e.name);
        const link = followLink(abs, realDir, ancestors, allowed, siteDir);
        if ('problem' in link) problems.push(link.problem);
        else if (link.dir) walk(abs, relPath, link.real, [...ancestors, realDir]);
        else if (link.file) out.push(relPath);
      } else if (e.isDirectory()) walk(path.join(dir, e.name), relPath, path.join(realDir, e.name), ancestors);
    }
  };
  walk(root, '', realRoot, []);
  if (problems.length) throw new SitegenError('Symbolic links that cannot be followed', problems);
  return out.sort();
}

/** Where a link leads, or why it is not followed. `ancestors` are the real folders the walk went through links from. */
function followLink(abs: string, realDir: string, ancestors: string[], allowed: string[], siteDir: string): { real: string; dir: boolean; file: boolean } | { problem: Problem } {
  const written = safe(() => fs.readlinkSync(abs)) ?? '?';
  const real = safe(() => fs.realpathSync(abs));
  if (!real) return { problem: { message: `symbolic link to "${written}", which does not exist`, file: abs, hint: 'Fix or remove the link.' } };
  if (!withinAny(real, allowed)) {
    return { problem: { message: `symbolic link points outside the site folder: "${written}" (${real})`, file: abs, hint: `Copy the file into the site folder (${siteDir}), or make the link point inside it.` } };
  }
  const stat = fs.statSync(real);
  if (stat.isDirectory() && [realDir, ...ancestors].some((a) => isWithin(a, real))) {
    return { problem: { message: `symbolic link to "${written}" (${real}) loops back to a folder that contains it`, file: abs, hint: 'Remove the link, or point it at a folder that does not contain it.' } };
  }
  return { real, dir: stat.isDirectory(), file: stat.isFile() };
}

/**
 * The folders a site may read local files from (the site folder, its content and static folders), their
 * links resolved: for {@link resolvesInside}.
 */
export function realFolders(dirs: string[]): string[] {
  return dirs.map(realOr);
}

/**
 * Whether `file`, its links resolved, lies inside one of `realDirs` (from {@link realFolders}), and not
 * in a hidden file or folder of it: the one test of a local file a page names (an image, a download, a
 * partial) before it is read or published. Hidden ones hold what a site folder keeps private: `.env`,
 * `.git`, the form receiver's submissions and secret (`.sitegen/forms`); `.well-known` is published.
 */
export function resolvesInside(file: string, realDirs: string[]): boolean {
  const real = safe(() => fs.realpathSync(file));
  return real !== undefined && realDirs.some((d) => isWithin(real, d) && !hiddenBelow(d, real));
}

function hiddenBelow(dir: string, p: string): boolean {
  return path
    .relative(dir, p)
    .split(path.sep)
    .some((segment) => segment.startsWith('.') && segment !== '.well-known');
}

function withinAny(real: string, realDirs: string[]): boolean {
  return realDirs.some((d) => isWithin(real, d));
}

function isWithin(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function realOr(p: string): string {
  return safe(() => fs.realpathSync(p)) ?? path.resolve(p);
}

function safe<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}


/**
 * A content plugin's `include` and `exclude` options (globs relative to its folder, as Docusaurus reads
 * them) as one test of a path relative to that folder: matched by an `include` glob and by no `exclude` one.
 */
export function contentFileMatcher(globs: { include: string[]; exclude: string[] }): (rel: string) => boolean {
  // Made once per set of globs: each docs version of each locale asks for the same (the versioned
  // benchmark site: 24 times, 19 ms of a warm build compiling them again, CPU profile, 16:36 UTC).
  const key = JSON.stringify([globs.include, globs.exclude]);
  let matches = matchers.get(key);
  if (!matches) {
    const include = picomatch(globs.include);
    const exclude = globs.exclude.length ? picomatch(globs.exclude) : () => false;
    matches = (rel) => include(rel) && !exclude(rel);
    if (matchers.size >= 32) matchers.delete(matchers.keys().next().value!);
    matchers.set(key, matches);
  }
  return matches;
}

const matchers = new Map<string, (rel: string) => boolean>();

/** The markdown files (.md, .mdx) of a docs or blog folder that its `include` and `exclude` globs take. */
export function markdownFileMatcher(globs: { include: string[]; exclude: string[] }): (rel: string) => boolean {
  const matches = contentFileMatcher(globs);
  return (rel) => /\.mdx?$/.test(rel) && matches(rel);
}
