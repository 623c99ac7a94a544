// Reads a data file of a content folder as Docusaurus does (tags.yml, authors.yml or their .json
// forms): YAML or JSON, with a parse error reported at the file's own line.
import { readText } from './readText.js';
import { SitegenError } from '../errors.js';
import { readYaml } from './readFrontMatter.js';
import { frontMatterKeyLine } from './frontMatterLines.js';

export function readDataFile(file: string): unknown {
  const text = readText(file);
  try {
    if (file.endsWith('.json')) return JSON.parse(text);
    return readYaml(text);
  } catch (e) {
    const mark = (e as { mark?: { line?: number } }).mark;
    throw new SitegenError(`Cannot read ${file}`, [
      {
        message: (e as Error).message.split('\n')[0],
        file,
        line: mark?.line !== undefined ? Math.max(1, mark.line) : undefined,
        hint: file.endsWith('.json') ? 'Fix the JSON syntax.' : 'Fix the YAML syntax (a key per line, `key: value`, two spaces of indentation).',
      },
    ]);
  }
}

/**
 * Best-effort line of a key path (`['two', 'permalink']`) in a data file, for a problem found after
 * the parse. YAML is read as the front matter it is parsed as (one line shifted, for the `---`); in
 * JSON, the line of the path's last key after its parents' (`"link"` then `"slug"`).
 */
export function dataFileKeyLine(file: string, keyPath: readonly string[]): number | undefined {
  let text: string;
  try {
    text = readText(file);
  } catch {
    return undefined;
  }
  if (!file.endsWith('.json')) {
    const line = frontMatterKeyLine(`---\n${text}\n---\n`, keyPath);
    return line === undefined ? undefined : line - 1;
  }
  let offset = 0;
  let found: number | undefined;
  for (const key of keyPath) {
    const at = text.indexOf(JSON.stringify(key), offset);
    if (at < 0) break;
    offset = at + 1;
    found = text.slice(0, at).split('\n').length;
  }
  return found;
}
