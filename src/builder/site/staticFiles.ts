import path from 'node:path';
import fs from 'node:fs';
import { listFiles } from '../content/files.js';
import { isFormsDataDir } from '../config/formsDataDir.js';
import { SitegenError } from '../errors.js';
import { decodeUriSafe, splitPath, stripTrailingSlash } from '../../shared/url.js';

export interface StaticFiles {
  /** Public path ("/img/logo.svg") → absolute file. */
  files: Map<string, string>;
  /** The prefixes, below the base url, of the other locales built ("zh-Hans/"): each gets its own copy of every file. */
  localePrefixes: string[];
  /** A public path below the base url, also under a locale's prefix ("/zh-Hans/img/logo.svg"). */
  has(publicPath: string): boolean;
}

/**
 * The static folders' files: at the base url, and, as Docusaurus copies static/ into every locale's
 * build, again under each other locale's prefix (`localePrefixes`), so that a relative `img/a.png` on
 * a `/zh-Hans/` page is found.
 */
export function scanStatic(params: { siteDir: string; dirs: string[]; localePrefixes?: string[] }): StaticFiles {
  const localePrefixes = params.localePrefixes ?? [];
  const files = new Map<string, string>();
  for (const dir of params.dirs) {
    const root = path.resolve(params.siteDir, dir);
    if (!fs.existsSync(root)) continue;
    const rels = listFiles(root, params.siteDir);
    refuseFormsData(root, rels);
    for (const rel of rels) files.set(`/${rel}`, path.join(root, rel));
  }
  const found = (p: string) => files.has(p) || files.has(`${stripTrailingSlash(p)}/index.html`);
  return {
    files,
    localePrefixes,
    has(publicPath: string) {
      const p = decodeUriSafe(splitPath(publicPath)[0]);
      if (found(p)) return true;
      const prefix = localePrefixes.find((l) => p.startsWith(`/${l}`));
      return prefix !== undefined && found(p.slice(prefix.length));
    },
  };
}

/** Each file a build writes of the static folders (path relative to the output folder) and its source: every locale's copy. */
export function staticOutputs(staticFiles: StaticFiles): [file: string, abs: string][] {
  const out: [string, string][] = [];
  for (const prefix of ['', ...staticFiles.localePrefixes]) for (const [publicPath, abs] of staticFiles.files) out.push([prefix + publicPath.slice(1), abs]);
  return out;
}

/** A forms data folder among the files of a static folder fails the build: it would publish personal details and the link secret. */
function refuseFormsData(root: string, rels: string[]): void {
  const folders = new Set<string>(['.']);
  for (const rel of rels) {
    for (let dir = path.posix.dirname(rel); !folders.has(dir); dir = path.posix.dirname(dir)) folders.add(dir);
  }
  const found = [...folders].sort().filter((dir) => isFormsDataDir(path.join(root, dir)));
  if (!found.length) return;
  throw new SitegenError(
    'Form data in a static folder',
    found.map((dir) => ({
      message: 'is a forms data folder (submissions, the secret that signs subscription links): a build would publish it',
      file: path.join(root, dir),
      hint: 'Move it out of the static folder (forms.dataDir, e.g. the default ".sitegen/forms"); remove any copy a build already published.',
    })),
  );
}
