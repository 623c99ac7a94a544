import { SitegenError } from '../errors.js';
import { frontMatterKeyLine } from '../content/frontMatterLines.js';

// Which syntax a markdown file is read with, decided as Docusaurus 3 decides it: the file's front
// matter (`mdx: { format }`, Docusaurus's key, or a plain `format:`), else the site's
// `markdown.format`. 'mdx' reads JSX and `{expressions}`; 'md' is CommonMark + GFM, where `<tag>` is
// raw HTML and `{` is text; 'detect' reads `.md` (and the other markdown extensions) as 'md' and
// anything else, `.mdx` first, as 'mdx'.

export type MarkdownFormat = 'md' | 'mdx';
export type MarkdownFormatOption = MarkdownFormat | 'detect';

const FORMATS: readonly string[] = ['md', 'mdx', 'detect'];
const MD_EXTENSIONS = /\.(md|markdown|mdown|mkdn|mkd|mdwn|mkdown|ron)$/i;

export function markdownFormat(params: { file: string; source: string; frontMatter: Record<string, unknown>; site?: MarkdownFormatOption }): MarkdownFormat {
  const { file, frontMatter } = params;
  const nested = frontMatter.mdx && typeof frontMatter.mdx === 'object' ? (frontMatter.mdx as Record<string, unknown>).format : undefined;
  const keyPath = nested !== undefined ? ['mdx', 'format'] : ['format'];
  const own = nested ?? frontMatter.format;
  if (own !== undefined && (typeof own !== 'string' || !FORMATS.includes(own))) {
    throw new SitegenError('Invalid front matter', [
      {
        message: `${keyPath.join('.')}: expected "md", "mdx" or "detect", found ${JSON.stringify(own)}`,
        file,
        line: frontMatterKeyLine(params.source, keyPath) ?? 1,
        hint: '`format: md` reads the file as CommonMark (HTML and braces as written), `format: mdx` as MDX (JSX), `format: detect` by its extension.',
      },
    ]);
  }
  const chosen = (own as MarkdownFormatOption | undefined) ?? params.site ?? 'mdx';
  if (chosen !== 'detect') return chosen;
  return MD_EXTENSIONS.test(file) ? 'md' : 'mdx';
}
