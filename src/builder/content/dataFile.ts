// Reads a data file of a content folder as Docusaurus does (tags.yml, authors.yml or their .json
// forms): YAML or JSON, with a parse error reported at the file's own line.
import matter from 'gray-matter';
import { readText } from './readText.js';
import { SitegenError } from '../errors.js';

export function readDataFile(file: string): unknown {
  const text = readText(file);
  try {
    if (file.endsWith('.json')) return JSON.parse(text);
    // gray-matter's YAML engine (js-yaml), the one front matter is read with.
    return matter(`---\n${text}\n---\n`).data;
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
