import path from 'node:path';
import { type Problem, frontMatterLine } from '../api.js';

// Two docs of one version with the same id: an error naming both files, with a hint for the usual
// cause. Ids come from the path without extension and number prefix, or from front matter `id`, so
// `a.md` and `a.mdx`, `01-a.md` and `a.md`, or an `id:` naming a sibling all collide.

export interface IdOwner {
  /** The file shown (a translation or the source). */
  file: string;
  /** Path below the docs folder. */
  rel: string;
  /** The front matter id, when it set the id. */
  frontMatterId?: string;
}

export function duplicateIdProblem(id: string, first: IdOwner, second: IdOwner): Problem {
  const fmOwner = second.frontMatterId !== undefined ? second : first.frontMatterId !== undefined ? first : undefined;
  return {
    message: `Duplicate doc id "${id}": ${second.rel} and ${first.rel} (${first.file}) both have it`,
    file: second.file,
    line: fmOwner === second ? frontMatterLine(second.file, 'id') : undefined,
    hint: hintFor(first, second, fmOwner),
  };
}

function hintFor(first: IdOwner, second: IdOwner, fmOwner: IdOwner | undefined): string {
  const base = (rel: string) => path.posix.basename(rel).replace(/\.mdx?$/i, '');
  if (fmOwner) return `${fmOwner.rel} sets \`id: ${fmOwner.frontMatterId}\` in its front matter: choose an id no other doc of the folder has, or remove the key.`;
  if (base(first.rel) === base(second.rel)) return `The same doc is written twice (.md and .mdx): keep one file.`;
  return 'Number prefixes ("01-") are not part of a doc id: rename one of the files, or give it another `id` in front matter.';
}
