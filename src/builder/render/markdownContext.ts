import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { MarkdownContext } from '../markdown/context.js';
import type { SiteModel } from '../site/loadSite.js';
import type { LocaleModel } from '../routes/manifest.js';
import type { ProblemCollector } from '../errors.js';
import { applyTrailingSlash } from '../../shared/url.js';

/** Local files referenced from markdown, copied into the output under content-hashed names. */
export class AssetRegistry {
  /** Output path (relative to the site root, without base url) → absolute source. */
  readonly files = new Map<string, string>();
  private readonly byAbs = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  add(abs: string): string {
    let out = this.byAbs.get(abs);
    if (!out) {
      const hash = crypto.createHash('sha256').update(fs.readFileSync(abs)).digest('hex').slice(0, 8);
      const ext = path.extname(abs);
      const name = path.basename(abs, ext).replace(/[^\w.-]+/g, '-');
      out = `assets/files/${name}-${hash}${ext}`;
      this.byAbs.set(abs, out);
      this.files.set(out, abs);
    }
    return this.baseUrl + out;
  }
}

export function markdownContext(params: {
  site: SiteModel;
  locale: LocaleModel;
  file: string;
  lineOffset: number;
  problems: ProblemCollector;
  assets: AssetRegistry;
}): MarkdownContext {
  const { site, locale, file } = params;
  const base = site.config.baseUrl;
  return {
    file,
    lineOffset: params.lineOffset,
    locale: locale.info.locale,
    problems: params.problems,
    strings: locale.strings,
    tocMinLevel: site.config.docs ? site.config.docs.tocMinHeadingLevel : 2,
    tocMaxLevel: site.config.docs ? site.config.docs.tocMaxHeadingLevel : 3,
    trailingSlash: site.config.trailingSlash,
    onBrokenMarkdownLinks: site.config.onBrokenMarkdownLinks,
    resolveMarkdownLink: (target, fromFile) => {
      // As Docusaurus: relative to the file, then to each content folder, then to the site folder;
      // backslashes count as slashes.
      const link = target.replace(/\\/g, '/');
      const bases = [path.dirname(fromFile), ...locale.contentRoots.flatMap((r) => [r.localized, r.original]), site.siteDir];
      for (const base of bases) {
        const abs = path.resolve(base, link);
        const direct = locale.sourceToPermalink.get(abs);
        if (direct) return direct;
        // A link from a translation to a page that has no translation: look for the original file.
        for (const roots of locale.contentRoots) {
          if (abs.startsWith(roots.localized + path.sep)) {
            const alt = locale.sourceToPermalink.get(path.join(roots.original, path.relative(roots.localized, abs)));
            if (alt) return alt;
          }
        }
      }
      return undefined;
    },
    addAsset: (abs) => params.assets.add(abs),
    resolveAbsolute: (pathname) => {
      if (base !== '/' && pathname.startsWith(base)) return pathname;
      const bare = pathname.split(/[?#]/)[0];
      // Static files exist once for the whole site; pages exist per locale.
      if (site.staticFiles.has(bare)) return base + pathname.replace(/^\//, '');
      return applyTrailingSlash(locale.info.baseUrl + pathname.replace(/^\//, ''), site.config.trailingSlash);
    },
  };
}
