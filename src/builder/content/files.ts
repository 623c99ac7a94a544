import fs from 'node:fs';
import path from 'node:path';

/** Files below `root` (relative paths with '/' separators), sorted, skipping dot folders. */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const relPath = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(dir, e.name), relPath);
      else if (e.isFile()) out.push(relPath);
    }
  };
  walk(root, '');
  return out.sort();
}

/** Markdown content files as Docusaurus includes them: no `_` partials, no tests. */
export function isContentMarkdown(rel: string): boolean {
  if (!/\.mdx?$/i.test(rel)) return false;
  return !rel.split('/').some((segment) => segment.startsWith('_')) && !rel.includes('__tests__');
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
