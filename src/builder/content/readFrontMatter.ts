// The one reader of front matter (and of the YAML data files read the same way): content is not code.
// gray-matter picks its engine from the opening line (`---js`, `---coffee`) and would run JavaScript
// front matter with eval; here any language but YAML is refused at the file's first line before
// gray-matter sees the text, and its code engines are replaced by ones that refuse too, should its
// reading of the language ever differ from this one. YAML goes through js-yaml's safe schema, which
// refuses tags that construct functions (`!!js/function`). An options object is always passed, so
// gray-matter's cache (by content, for calls without options) is never read.
import matter from 'gray-matter';
import { SitegenError } from '../errors.js';

const YAML = new Set(['', 'yaml', 'yml']);

function refuse(): never {
  throw new Error('front matter in a language other than YAML is not read');
}

const OPTIONS = { language: 'yaml', engines: { javascript: { parse: refuse }, coffee: { parse: refuse }, json: { parse: refuse } } };

/** The language a source's front matter names on its opening `---` line, as gray-matter reads it ('' for none). */
function frontMatterLanguage(source: string): string {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  if (!text.startsWith('---') || text.charAt(3) === '-') return '';
  const end = text.search(/\r?\n/);
  return (end < 0 ? text.slice(3) : text.slice(3, end)).trim();
}

/** gray-matter's parse of a markdown source, refusing front matter that is not YAML (a SitegenError at `file`:1). */
export function readFrontMatter(source: string, file: string): matter.GrayMatterFile<string> {
  const language = frontMatterLanguage(source);
  if (!YAML.has(language.toLowerCase())) {
    throw new SitegenError('Front matter that is not YAML', [
      {
        message: `front matter in \`---${language}\` is code, and sitegen never runs content: write YAML front matter`,
        file,
        line: 1,
        hint: 'Open the front matter with a line of "---" alone and write `key: value` lines in YAML.',
      },
    ]);
  }
  return matter(source, OPTIONS);
}

/** The value of a YAML text (a data file), read as front matter is. */
export function readYaml(text: string): unknown {
  return matter(`---\n${text}\n---\n`, OPTIONS).data;
}
