import fs from 'node:fs';
import path from 'node:path';

// Where `forms.dataDir` must not be: in a folder whose files are published or copied. The data folder
// holds personal details and the secret that signs subscription links; inside a static folder (or
// the output folder) a build copies them into the site for anyone to download, and inside a docs
// folder `sitegen docs:version` copies them into the versioned docs (and so into git).

export interface DataDirProblem {
  message: string;
  hint: string;
}

/** What is wrong with the data folder's place, if anything (`null`). */
export function formsDataDirProblem(params: { siteDir: string; dataDir: string; staticDirectories: string[]; outDir: string; docsPaths: string[]; i18nDir: string }): DataDirProblem | null {
  const at = (p: string) => real(path.resolve(params.siteDir, p));
  const dataDir = at(params.dataDir);
  const where = [
    ...params.staticDirectories.map((d) => ({ dir: at(d), what: `the static folder "${d}" (staticDirectories), whose files every build publishes` })),
    { dir: at(params.outDir), what: `the output folder "${params.outDir}" (outDir), which is published and replaced by every build` },
    ...params.docsPaths.map((d) => ({ dir: at(d), what: `the docs folder "${d}", which sitegen docs:version copies` })),
  ];
  const hit = where.find((w) => within(dataDir, w.dir));
  // Translated docs (i18n/<locale>/docusaurus-plugin-content-docs*/) are copied by docs:version too.
  const i18nRel = path.relative(at(params.i18nDir), dataDir).split(path.sep);
  const i18nDocs = within(dataDir, at(params.i18nDir)) && i18nRel.length >= 2 && i18nRel[1].startsWith('docusaurus-plugin-content-docs');
  const what = hit?.what ?? (i18nDocs ? `the translated docs folder "${path.join(params.i18nDir, i18nRel[0], i18nRel[1])}", which sitegen docs:version copies` : undefined);
  if (!what) return null;
  return {
    message: `"${params.dataDir}" is inside ${what}: the form submissions and the secret that signs subscription links would be published or copied with it`,
    hint: 'Keep the data folder out of the static, output and docs folders, e.g. the default ".sitegen/forms" (and out of git).',
  };
}

function within(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The path with symbolic links resolved as far as it exists (a link into static/ is inside it). */
function real(p: string): string {
  const rest: string[] = [];
  for (let existing = p; ;) {
    try {
      return path.join(fs.realpathSync(existing), ...rest);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return p;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

/** The file every forms data folder holds (written by the receiver's append logs), so that serve and the static copy recognise one. */
export const DATA_DIR_MARKER = '.sitegen-forms-data';

// How a forms data folder is recognised wherever it turns up, so that the static copy never
// publishes one (the config refuses a dataDir in a static folder; this catches a copy, a link or a
// folder another config points at): the marker every folder the receiver writes to carries, else the
// files only a data folder holds (the outbox, or the link secret beside submissions).

/** Whether `dir` is a forms data folder. */
export function isFormsDataDir(dir: string): boolean {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return false;
  }
  return names.includes(DATA_DIR_MARKER) || names.includes('outbox.jsonl') || (names.includes('secret') && names.some((n) => n.endsWith('.jsonl')));
}
