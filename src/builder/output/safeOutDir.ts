// Decides whether a build may replace its output folder. A build renames the old output aside and
// deletes it: pointed at the project, a content folder or a folder of unrelated files, it would
// destroy them. Only a folder this tool made (it carries the marker file) or an empty one is replaced;
// `force` allows any other folder, but never one that is or holds the site's own sources, the
// filesystem root or the home folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SitegenError } from '../errors.js';
import type { SiteConfig } from '../config/schema.js';

/** The file every folder build writes at the top of its output: what marks a folder as ours. */
export const OUTPUT_MARKER = '.sitegen-build';
export const OUTPUT_MARKER_TEXT = 'This folder was written by `sitegen build`, which replaces it as a whole on every build.\n';

export interface OutDirCheck {
  /** The output folder, absolute. */
  outDir: string;
  configFile: string;
  siteDir: string;
  /** Folders of the site's sources, absolute: content, static and i18n folders. */
  sourceDirs: { dir: string; what: string }[];
  /** Replace an existing folder that holds no marker (never a protected one). */
  force?: boolean;
  /** The home folder (default: os.homedir(), which reads HOME). */
  home?: string;
  /** Where the output folder was set, for the message ("--out-dir", "outDir in site.config.ts"). */
  origin?: string;
}

/** Throws a SitegenError when the output folder must not be replaced; returns silently otherwise. */
export function checkOutDir(params: OutDirCheck): void {
  const outDir = realish(params.outDir);
  const origin = params.origin ?? 'the output folder';
  const refuse = (message: string, hint: string): never => {
    throw new SitegenError('Refusing to write the build there', [{ message: `${origin} ${JSON.stringify(params.outDir)} ${message}`, hint }]);
  };
  const otherFolder = 'Pass another --out-dir (or set outDir in the config), e.g. "build".';
  if (path.dirname(outDir) === outDir) refuse('is the filesystem root: building there would delete everything on it', otherFolder);
  const protectedDirs = [{ dir: params.siteDir, what: 'the site folder' }, { dir: path.dirname(params.configFile), what: "the config file's folder" }, ...params.sourceDirs];
  for (const p of protectedDirs) {
    const dir = realish(p.dir);
    if (contains(outDir, dir)) refuse(`${outDir === dir ? `is ${p.what}` : `holds ${p.what} (${dir})`}: building there would delete it`, otherFolder);
  }
  const home = params.home ?? os.homedir();
  if (home && contains(outDir, realish(home))) {
    refuse(outDir === realish(home) ? 'is the home folder: building there would delete it' : 'holds the home folder: building there would delete it', otherFolder);
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(outDir);
  } catch {
    return; // Nothing there yet.
  }
  if (!stat.isDirectory()) refuse('is a file, not a folder: building there would replace it', 'Remove or rename the file yourself, or pass another --out-dir.');
  if (isOutput(outDir) || params.force) return;
  const entries = fs.readdirSync(outDir);
  if (entries.length === 0) return;
  refuse(
    `is a folder of other files (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', ...' : ''}), not an earlier sitegen build: building there would delete them`,
    `A sitegen build holds the file ${OUTPUT_MARKER}. Pass another --out-dir, or --force-out-dir to replace this folder and everything in it.`,
  );
}

/** Whether a folder is the output of a sitegen build (it holds the marker file). */
export function isOutput(dir: string): boolean {
  try {
    return fs.statSync(path.join(dir, OUTPUT_MARKER)).isFile();
  } catch {
    return false;
  }
}

/** Whether `outer` is `inner` or one of its ancestors. */
function contains(outer: string, inner: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The absolute path with symbolic links resolved as far as the path exists (a link to the project is the project). */
function realish(p: string): string {
  const abs = path.resolve(p);
  let existing = abs;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(fs.realpathSync(existing), ...rest);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return abs;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

/** The folders of a site's sources an output folder must never be or hold. */
export function sourceDirsOf(config: SiteConfig, siteDir: string): { dir: string; what: string }[] {
  const at = (p: string) => path.resolve(siteDir, p);
  return [
    ...config.docs.map((d) => ({ dir: at(d.path), what: d.id === 'default' ? 'the docs folder' : `the docs folder of instance "${d.id}"` })),
    ...config.blogs.map((b) => ({ dir: at(b.path), what: `the blog folder of "${b.id}"` })),
    ...(config.pages ? [{ dir: at(config.pages.path), what: 'the pages folder' }] : []),
    ...config.staticDirectories.map((d) => ({ dir: at(d), what: 'a static folder' })),
    { dir: at(config.i18nDir), what: 'the i18n folder' },
    { dir: at(config.forms.dataDir), what: 'the form submissions folder' },
  ];
}
