// The line of a front-matter key in a markdown file, for errors about a value that parsed fine but
// cannot be used (a slug that leaves the site, an id with a slash). Front matter is YAML between
// `---` lines at the top; the first line naming the key wins.
import fs from 'node:fs';

/** 1-based line of `key:` in the file's front matter, or undefined when it is not there. */
export function frontMatterLine(file: string, key: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return undefined;
  const pattern = new RegExp(`^\\s*(?:-\\s*)?["']?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*:`);
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === '---') return undefined;
    if (pattern.test(lines[i])) return i + 1;
  }
  return undefined;
}
