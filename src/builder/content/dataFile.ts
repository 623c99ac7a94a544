// Reads a data file of a content folder as Docusaurus does (tags.yml, authors.yml or their .json
// forms): YAML or JSON, with a parse error reported at the file's own line.
import { readText } from './readText.js';
import { SitegenError } from '../errors.js';
import { readYaml } from './readFrontMatter.js';

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
