// Files of a build folder `sitegen serve` never sends, as if they were not there. The build marker
// is the folder's bookkeeping, not a page. The form receiver's files (forms/README.md) hold visitors'
// details and the secret that signs their links: a data folder copied into static/, or a build
// served together with its project, must not hand them out. Named by what the receiver writes, so
// they are refused wherever they are; the configured data folder, when inside the build, as a whole.
import fs from 'node:fs';
import path from 'node:path';
import { OUTPUT_MARKER } from '../../builder/output/safeOutDir.js';
import { DATA_DIR_MARKER } from '../../builder/config/formsDataDir.js';

/** The receiver's files by name: the secret (and its half-written form), the logs, the sender's lock, file-transport mails (and the data folder's marker, below). */
const FORMS_DATA_FILE = /^(secret(\.\d+\.[0-9a-f]+)?|outbox\.lock|.+\.jsonl|.+\.eml)$/;

/** Whether a file of the build (relative, "/"-separated) must not be sent; `dataDirs` are folders relative to the build. */
export function isPrivateFile(rel: string, dataDirs: string[] = []): boolean {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  if (name === OUTPUT_MARKER || name === DATA_DIR_MARKER || FORMS_DATA_FILE.test(name)) return true;
  return dataDirs.some((dir) => dir === '' || rel === dir || rel.startsWith(`${dir}/`));
}

/** The folders among `dirs` (absolute) that lie inside the real folder `root`, relative to it ("" for the root itself). */
export function foldersInside(root: string, dirs: string[]): string[] {
  return dirs.flatMap((dir) => {
    let real: string;
    try {
      real = fs.realpathSync.native(dir);
    } catch {
      real = path.resolve(dir);
    }
    const rel = path.relative(root, real);
    if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return [];
    return [rel.split(path.sep).join('/')];
  });
}
