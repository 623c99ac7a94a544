// Which Docusaurus a site was written for: the major version of the `@docusaurus/core` it has
// installed (found as node resolves it, from the site folder up), or else the range its package.json
// asks for. A Docusaurus 2 site (MDX 1) is read as Docusaurus 2 read it (fromDocusaurus.ts).
import fs from 'node:fs';
import path from 'node:path';

export interface DocusaurusVersion {
  major: number;
  /** The installed version, or the package.json range. */
  version: string;
  /** The package.json it was read from. */
  file: string;
  how: 'installed' | 'package.json';
}

export function docusaurusVersion(siteDir: string): DocusaurusVersion | undefined {
  for (let dir = path.resolve(siteDir); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', '@docusaurus', 'core', 'package.json');
    const version = readJson(file)?.version;
    const major = typeof version === 'string' ? majorOf(version) : undefined;
    if (major !== undefined) return { major, version: version as string, file, how: 'installed' };
    if (path.dirname(dir) === dir) break;
  }
  const file = path.join(siteDir, 'package.json');
  const pkg = readJson(file);
  for (const field of ['dependencies', 'devDependencies']) {
    const deps = pkg?.[field];
    const range = deps && typeof deps === 'object' ? (deps as Record<string, unknown>)['@docusaurus/core'] : undefined;
    const major = typeof range === 'string' ? majorOf(range) : undefined;
    if (major !== undefined) return { major, version: range as string, file, how: 'package.json' };
  }
  return undefined;
}

/** The major version of a version or of a range's first bound: `2.4.3`, `^2.0.0`, `~2.4`, `>=2.2.0 <3`. */
function majorOf(range: string): number | undefined {
  const m = /^\s*(?:[\^~]|>=?|=)?\s*v?(\d+)(?:\.|\s|$)/.exec(range);
  return m ? Number(m[1]) : undefined;
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
