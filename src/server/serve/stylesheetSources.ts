import fs from 'node:fs';
import path from 'node:path';

// What a build's stylesheets load from other hosts, for the Content-Security-Policy of `sitegen serve`
// (securityHeaders.ts): the stylesheets they `@import` (Google Fonts' `@import url(https://fonts.googleapis.com/css2?...)`,
// kept at the top of the bundle) and the fonts their `@font-face` rules name. Google Fonts' stylesheet
// names its fonts on fonts.gstatic.com, as Google documents: that host is a font source with it.

const IMPORT = /@import\s*(?:url\(\s*)?["']?(https?:\/\/[^"')\s;]+)/gi;
const FONT_URL = /url\(\s*["']?(https?:\/\/[^"')\s]+\.(?:woff2?|ttf|otf|eot)(?:[?#][^"')\s]*)?)["']?\s*\)/gi;
const COMPANIONS: Record<string, string[]> = { 'https://fonts.googleapis.com': ['https://fonts.gstatic.com'] };

/** The origins the build's stylesheets (`.css` files below `assets/`) import stylesheets and fonts from. */
export function stylesheetSources(buildDir: string): { style: string[]; font: string[] } {
  const style = new Set<string>();
  const font = new Set<string>();
  for (const file of cssFiles(path.join(buildDir, 'assets'))) {
    const css = fs.readFileSync(file, 'utf8');
    for (const m of css.matchAll(IMPORT)) {
      const origin = originOf(m[1]);
      if (!origin) continue;
      style.add(origin);
      for (const c of COMPANIONS[origin] ?? []) font.add(c);
    }
    for (const m of css.matchAll(FONT_URL)) {
      const origin = originOf(m[1]);
      if (origin) font.add(origin);
    }
  }
  return { style: [...style].sort(), font: [...font].sort() };
}

function cssFiles(dir: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? cssFiles(path.join(dir, e.name)) : e.isFile() && e.name.endsWith('.css') ? [path.join(dir, e.name)] : []));
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
