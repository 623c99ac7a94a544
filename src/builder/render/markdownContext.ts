import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { DiagramContext, MarkdownContext, MarkdownContextSpec } from '../markdown/context.js';
import type { CodeOptions } from '../markdown/plugins/code.js';
import type { Diagrams } from '../diagrams/types.js';
import { diagramKey } from '../diagrams/key.js';
import type { DiagramResult } from '../diagrams/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { StaticFiles } from '../site/staticFiles.js';
import type { LocaleModel } from '../routes/manifest.js';
import type { ProblemCollector } from '../errors.js';
import { intrinsicSize, type IntrinsicSize } from '../markdown/imageSize.js';
import { realFolders, resolvesInside } from '../content/files.js';
import { applyTrailingSlash, decodeUriSafe, stripTrailingSlash, withBase } from '../../shared/url.js';

export type { MarkdownContextSpec };

const contentHash = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The content hash of a file as AssetRegistry.inputs records it ('' when it is gone): is a cached render still valid? */
export function inputKey(abs: string): string {
  try {
    return contentHash(fs.readFileSync(abs));
  } catch {
    return '';
  }
}

/** Local files referenced from markdown, copied into the output under content-hashed names. */
export class AssetRegistry {
  /** Output path (relative to the site root, without base url) → absolute source. */
  readonly files = new Map<string, string>();
  /** Every local file the render read (copied, or measured as an image) → its content hash: the render holds while they are unchanged. */
  readonly inputs = new Map<string, string>();
  private readonly byAbs = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  /** The intrinsic size of a local image, read from its file. */
  imageSize(abs: string): IntrinsicSize | undefined {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(abs);
    } catch {
      return undefined;
    }
    this.inputs.set(abs, contentHash(bytes));
    return intrinsicSize(bytes);
  }

  /** A file the render reads whole (an imported markdown file): its text; the render holds while it is unchanged. */
  readText(abs: string): string {
    const bytes = fs.readFileSync(abs);
    this.inputs.set(abs, contentHash(bytes));
    return bytes.toString('utf8');
  }

  add(abs: string): string {
    let out = this.byAbs.get(abs);
    if (!out) {
      const bytes = fs.readFileSync(abs);
      const full = contentHash(bytes);
      this.inputs.set(abs, full);
      const hash = full.slice(0, 8);
      const ext = path.extname(abs);
      const name = path.basename(abs, ext).replace(/[^\w.-]+/g, '-');
      out = `assets/files/${name}-${hash}${ext}`;
      this.byAbs.set(abs, out);
      this.files.set(out, abs);
    }
    return withBase(this.baseUrl, out);
  }
}

export function contextSpec(site: { config: SiteConfig; siteDir: string; staticFiles: StaticFiles }, locale: LocaleModel, diagrams?: Diagrams): MarkdownContextSpec {
  return {
    locale: locale.info.locale,
    localeBaseUrl: locale.info.baseUrl,
    siteBaseUrl: site.config.baseUrl,
    siteDir: site.siteDir,
    strings: locale.strings,
    tocMinLevel: site.config.docs[0]?.tocMinHeadingLevel ?? 2,
    tocMaxLevel: site.config.docs[0]?.tocMaxHeadingLevel ?? 3,
    trailingSlash: site.config.trailingSlash,
    onBrokenMarkdownLinks: site.config.onBrokenMarkdownLinks,
    html: site.config.markdown.html,
    sourceToPermalink: [...locale.sourceToPermalink],
    contentRoots: locale.contentRoots,
    staticPaths: [...site.staticFiles.files.keys()],
    staticDirs: site.config.staticDirectories.map((d) => path.resolve(site.siteDir, d)),
    ...(site.config.themeConfig.prism?.additionalLanguages.length ? { prismLanguages: site.config.themeConfig.prism.additionalLanguages } : {}),
    ...(codeOptions(site.config) ? { code: codeOptions(site.config) } : {}),
    ...(site.config.markdown.anchors.maintainCase ? { anchorsMaintainCase: true as const } : {}),
    ...(diagrams ? { diagrams: { ...diagrams, onBroken: site.config.markdown.onBrokenMermaid } } : {}),
  };
}

/** themeConfig.prism's options of code blocks, when the site sets any. */
function codeOptions(config: SiteConfig): CodeOptions | undefined {
  const prism = config.themeConfig.prism;
  if (!prism?.magicComments && !prism?.defaultLanguage) return undefined;
  return { ...(prism.magicComments ? { magicComments: prism.magicComments } : {}), ...(prism.defaultLanguage ? { defaultLanguage: prism.defaultLanguage } : {}) };
}

/**
 * The spec without what a render's cache key leaves out: the site's diagrams and the MDX bundle's file
 * (each render keys its own diagrams, and the files its code reaches).
 */
export function specForKey(spec: MarkdownContextSpec): MarkdownContextSpec {
  return { ...spec, ...(spec.diagrams ? { diagrams: { ...spec.diagrams, results: [] } } : {}), ...(spec.mdx ? { mdx: { ...spec.mdx, bundle: '' } } : {}) };
}

/**
 * What a file's render depends on of the diagrams: each one's key and whether it was drawn, found
 * broken or left to the browser (a drawing is the same for the same key).
 */
export function fileDiagramsKey(spec: MarkdownContextSpec, sources: string[] | undefined): string {
  if (!spec.diagrams || !sources?.length) return '';
  const { drawing, results } = spec.diagrams;
  const drawn = new Map(results);
  return sources
    .map((s) => {
      const key = diagramKey(drawing, s);
      const result = drawn.get(key);
      return `${key}:${result ? (result.svg !== undefined ? 'svg' : 'error') : 'browser'}`;
    })
    .join(' ');
}

function diagramContext(spec: MarkdownContextSpec, results: Map<string, DiagramResult>, file: string): DiagramContext {
  const diagrams = spec.diagrams!;
  // Unique per page: a page shows one file's diagrams, or (a blog list) several files' ones.
  const prefix = `mermaid-${crypto.createHash('sha1').update(file).digest('hex').slice(0, 6)}`;
  let n = 0;
  return {
    lookup: (source) => results.get(diagramKey(diagrams.drawing, source)),
    nextId: () => `${prefix}-${++n}`,
    onBroken: diagrams.onBroken,
    scriptUrl: diagrams.script && withBase(spec.siteBaseUrl, diagrams.script.path),
    config: diagrams.config,
  };
}

/**
 * A markdown link's page, as Docusaurus finds it: relative to the file, then to its own content folder
 * (its docs instance's or blog's, original and translated: never another instance's; a file of none,
 * such as a markdown page, tries them all), then to the site folder; backslashes count as slashes.
 * Made once per spec, the folders after the file's own once per file and only when the file's folder
 * has no such page: each link filtered the roots (one per docs version and blog) with two strings made
 * per root before it tried the file's folder, where a relative link resolves.
 */
function markdownLinkResolver(spec: MarkdownContextSpec, permalinks: ReadonlyMap<string, string>): MarkdownContext['resolveMarkdownLink'] {
  const roots = spec.contentRoots.map((r) => ({ ...r, localizedDir: r.localized + path.sep, originalDir: r.original + path.sep }));
  /** The folders tried after the file's own, for the last file asked about. */
  let last: { file: string; bases: string[] } | undefined;
  const otherBases = (fromFile: string) => {
    if (last?.file !== fromFile) {
      const own = roots.filter((r) => fromFile.startsWith(r.localizedDir) || fromFile.startsWith(r.originalDir));
      last = { file: fromFile, bases: [...(own.length ? own : roots).flatMap((r) => [r.localized, r.original]), spec.siteDir] };
    }
    return last.bases;
  };
  const resolveIn = (dir: string, link: string) => {
    const abs = path.resolve(dir, link);
    const direct = permalinks.get(abs);
    if (direct) return direct;
    // A link from a translation to a page that has no translation: look for the original file.
    for (const r of roots) {
      if (abs.startsWith(r.localizedDir)) {
        const alt = permalinks.get(path.join(r.original, path.relative(r.localized, abs)));
        if (alt) return alt;
      }
    }
    return undefined;
  };
  return (target, fromFile) => {
    const link = target.replace(/\\/g, '/');
    const here = resolveIn(path.dirname(fromFile), link);
    if (here) return here;
    for (const dir of otherBases(fromFile)) {
      const url = resolveIn(dir, link);
      if (url) return url;
    }
    return undefined;
  };
}

/** Builds the lookups of a spec once; `forFile` then makes the context of one render. */
export function contextFactory(spec: MarkdownContextSpec) {
  const permalinks = new Map(spec.sourceToPermalink);
  const staticPaths = new Set(spec.staticPaths);
  const isStatic = (p: string) => {
    const decoded = decodeUriSafe(p);
    return staticPaths.has(decoded) || staticPaths.has(`${stripTrailingSlash(decoded)}/index.html`);
  };
  const base = spec.siteBaseUrl;
  const readable = realFolders([spec.siteDir, ...spec.contentRoots.flatMap((r) => [r.original, r.localized]), ...spec.staticDirs]);
  const diagramResults = new Map(spec.diagrams?.results);
  /** `/img/x.png`, or `<baseUrl>img/x.png` written out in full: the path inside a static folder. */
  const staticPath = (pathname: string) => {
    const bare = pathname.split(/[?#]/)[0];
    return base !== '/' && bare.startsWith(base) ? bare.slice(base.length - 1) : bare;
  };
  const resolveMarkdownLink = markdownLinkResolver(spec, permalinks);
  return (params: { file: string; lineOffset: number; problems: ProblemCollector; assets: AssetRegistry }): MarkdownContext => ({
    file: params.file,
    lineOffset: params.lineOffset,
    locale: spec.locale,
    problems: params.problems,
    strings: spec.strings,
    tocMinLevel: spec.tocMinLevel,
    tocMaxLevel: spec.tocMaxLevel,
    trailingSlash: spec.trailingSlash,
    onBrokenMarkdownLinks: spec.onBrokenMarkdownLinks,
    html: spec.html,
    ...(spec.code ? { code: spec.code } : {}),
    ...(spec.anchorsMaintainCase ? { anchorsMaintainCase: true } : {}),
    diagrams: spec.diagrams && diagramContext(spec, diagramResults, path.relative(spec.siteDir, params.file).split(path.sep).join('/')),
    resolveMarkdownLink,
    insideSite: (abs) => resolvesInside(abs, readable),
    addAsset: (abs) => params.assets.add(abs),
    imageSize: (abs) => params.assets.imageSize(abs),
    missingStatic: (pathname) => {
      const rel = staticPath(pathname);
      if (isStatic(rel)) return undefined;
      return spec.staticDirs.map((d) => path.join(d, decodeUriSafe(rel)));
    },
    staticFile: (pathname) => {
      const rel = staticPath(pathname);
      if (!isStatic(rel)) return undefined;
      return spec.staticDirs.map((d) => path.join(d, decodeUriSafe(rel))).find((f) => fs.existsSync(f));
    },
    resolveAbsolute: (pathname) => {
      // Already complete (as Docusaurus's useBaseUrl): "/zh-Hans/docs/x" in a Chinese page stays as written.
      if (base !== '/' && pathname.startsWith(base)) return pathname;
      if (spec.localeBaseUrl !== base && (pathname + '/').startsWith(spec.localeBaseUrl)) return applyTrailingSlash(pathname, spec.trailingSlash);
      const bare = pathname.split(/[?#]/)[0];
      // Static files exist once for the whole site; pages exist per locale.
      if (isStatic(bare)) return withBase(base, pathname);
      return applyTrailingSlash(withBase(spec.localeBaseUrl, pathname), spec.trailingSlash);
    },
  });
}
