import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type * as esbuild from 'esbuild';
import { packageRoot } from '../../paths.js';
import { withBase } from '../../../shared/url.js';
import { svgComponentModule } from './svgComponent.js';
import { realFolders, resolvesInside } from '../../content/files.js';

// Files imported by site code, as Docusaurus's loaders treat them: an image, font, media file or
// document gives its url (`import url from './a.png'`, `require('./a.png').default`, CSS `url()`),
// the file written under assets/<kind>/ named by its content; an SVG imported from code is a React
// component (its url: `./a.svg?url`, or `url()` in CSS). The theme's own files are not site code.
// A root path (`url(/img/x.svg)` in a stylesheet, `require('/static/img/a.png')` or `import u from
// '/img/a.png'` in code) names a file of the static folders or the site folder, as webpack's
// resolve.roots does in Docusaurus: it is taken from there and written named by its content like the others.
// A file named by a path (not a package's) must lie inside the site folder or a static folder, links
// resolved: `import u from '../../../etc/passwd.txt'` would otherwise publish it.

const KINDS: [RegExp, string][] = [
  [/\.(png|jpe?g|gif|webp|avif|ico|bmp|svg|cur|ani)$/i, 'images'],
  [/\.(woff2?|ttf|otf|eot)$/i, 'fonts'],
  [/\.(mp4|webm|ogv|ogg|mov|m4v|avi|mkv|mp3|wav|flac|m4a|aac|oga|opus)$/i, 'medias'],
  [/\.(pdf|docx?|xlsx?|pptx?|zip|rar|txt)$/i, 'files'],
];
// What code imports as a file (the types Docusaurus's loaders take); a stylesheet's url() takes any file.
const ASSET = new RegExp(`\\.(${KINDS.map(([re]) => re.source.slice(3, -2)).join('|')})(\\?url)?$`, 'i');
// The paths this plugin is asked about: what code imports as a file (ASSET), and what a stylesheet's
// url() may name: any path with an extension, and a query or hash after it (`f.eot?#iefix`), but a
// script's (an extension ending in js, ts or sx: `.js`, `.mjs`, `.tsx`; `.xlsx` is an ASSET). Each
// path the filter passes is a call from esbuild's process into this one, for every import of the
// bundles, and nearly all of them answer "not mine": a cold Shifu build asked about 767 imports (the
// theme's and the packages' `./x.js`), none of them an asset, which cost this process about 0.1 s of
// CPU in esbuild's protocol (perf, 21:50 UTC). A url() of a script is not a file a stylesheet shows.
const CANDIDATE = new RegExp(`${ASSET.source}|\\.(?:[a-z0-9]*[a-rt-wyz0-9]|[a-z0-9]*[a-ik-su-z0-9]s|[a-z0-9]*[a-rt-z0-9]x|[sx])$|\\.[a-z0-9]+[?#][^/]*$`, 'i');
// A url() esbuild leaves as it is: another origin, protocol-relative, or data.
const NOT_A_FILE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

type LoadAs = 'url' | 'component';

export interface SiteAsset {
  /** Where the file goes, relative to the output folder: "assets/images/logo-1a2b3c4d.png". */
  path: string;
  contents: Uint8Array;
}

/** The output path of an asset: its kind's folder, its name and a hash of its content. */
export function assetPath(file: string, contents: Uint8Array): string {
  const ext = path.extname(file);
  const kind = KINDS.find(([re]) => re.test(file))?.[1] ?? 'files';
  const hash = crypto.createHash('sha256').update(contents).digest('hex').slice(0, 8);
  return `assets/${kind}/${path.basename(file, ext)}-${hash}${ext.toLowerCase()}`;
}

export function assetPlugin(params: { baseUrl: string; siteDir: string; staticDirs: string[] }): esbuild.Plugin {
  const theme = path.join(packageRoot(), 'src') + path.sep;
  const readable = realFolders([params.siteDir, ...params.staticDirs]);
  // Where a root path (`/img/a.png`, `/static/img/a.png`) is looked for, in webpack's resolve.roots order as Docusaurus sets it.
  const roots = [...params.staticDirs, params.siteDir];
  return {
    name: 'sitegen-assets',
    setup(build) {
      let assets = new Map<string, SiteAsset>();
      // A file named by several imports or url()s is read and hashed once per build.
      let urls = new Map<string, string>();
      build.onStart(() => {
        assets = new Map();
        urls = new Map();
      });
      // What the build referenced, for the client bundle to write (a rebuild runs these callbacks again).
      build.onEnd((result) => {
        (result as esbuild.BuildResult & { siteAssets: SiteAsset[] }).siteAssets = [...assets.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
      });
      const urlOf = (file: string) => {
        const known = urls.get(file);
        if (known) return known;
        const contents = fs.readFileSync(file);
        const out = assetPath(file, contents);
        assets.set(out, { path: out, contents });
        const url = withBase(params.baseUrl, out);
        urls.set(file, url);
        return url;
      };

      build.onResolve({ filter: CANDIDATE }, async (args) => {
        if (args.importer.startsWith(theme) || args.pluginData === 'sitegen-asset') return undefined;
        const inCss = args.kind === 'url-token';
        if (inCss && NOT_A_FILE.test(args.path)) return { path: args.path, external: true };
        if (!inCss && !ASSET.test(args.path)) return undefined;
        const wantsUrl = !inCss && args.path.endsWith('?url');
        // As css-loader: `url(f.eot?#iefix)`, `url(icons.svg#x)` name the file, and keep the query and hash after its url.
        const [, plain, after] = inCss ? /^([^?#]*)(.*)$/.exec(args.path)! : [];
        const request = inCss ? plain : wantsUrl ? args.path.slice(0, -'?url'.length) : args.path;
        let file: string;
        let found: esbuild.ResolveResult | undefined;
        if (request.startsWith('/')) file = rootFile(roots, inCss ? safeDecode(request) : request) ?? request;
        else if (path.isAbsolute(request)) file = request;
        else if (request.startsWith('.')) file = path.resolve(args.resolveDir, request);
        else {
          // A package's file: esbuild finds it, this plugin names it.
          found = await build.resolve(request, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'sitegen-asset' });
          if (found.errors.length) return { errors: found.errors };
          file = found.path;
        }
        if (!fs.existsSync(file)) {
          const where = request.startsWith('/') ? `looked for it in ${roots.join(', ')}` : `looked for ${file}`;
          return { errors: [{ text: `Cannot find ${args.path} (${where})` }] };
        }
        if (!found && !resolvesInside(file, readable)) {
          return {
            errors: [
              {
                text: `${args.path} is outside the site folder or hidden in it (${file}): site code publishes only files of the site, never a hidden one (.env, .git, .sitegen). Copy the file into the site folder and import it from there.`,
              },
            ],
          };
        }
        if (inCss) return { path: urlOf(file) + after, external: true };
        // The file itself is the module (a file a build read, so the dev server sees it change); what
        // it is loaded as travels in pluginData, and `?url` is a module of its own.
        const as: LoadAs = /\.svg$/i.test(file) && !wantsUrl ? 'component' : 'url';
        return { path: file, suffix: wantsUrl ? '?url' : undefined, pluginData: { sitegenAsset: as } };
      });
      build.onLoad({ filter: ASSET, namespace: 'file' }, (args) => {
        const as = (args.pluginData as { sitegenAsset?: LoadAs } | undefined)?.sitegenAsset;
        if (as === 'url') return { contents: `export default ${JSON.stringify(urlOf(args.path))};`, loader: 'js' };
        if (as !== 'component') return undefined;
        try {
          return { contents: svgComponentModule(fs.readFileSync(args.path, 'utf8')), loader: 'js', resolveDir: packageRoot() };
        } catch (e) {
          return { errors: [{ text: `Cannot read ${args.path} as an SVG component: ${(e as Error).message}` }] };
        }
      });
    },
  };
}

/**
 * The file a root path names, as webpack's `resolve.roots` finds it in Docusaurus: under each static
 * folder, then the site folder (`require('/static/img/a.png')`, `import u from '/img/a.png'`, CSS
 * `url(/img/a.png)`); else the path itself, when it is a file (an absolute path `require.resolve` gave).
 */
function rootFile(roots: string[], request: string): string | undefined {
  const relative = request.replace(/^\/+/, '');
  for (const dir of roots) {
    const file = path.join(dir, relative);
    if (file.startsWith(dir + path.sep) && fs.existsSync(file)) return file;
  }
  return fs.existsSync(request) ? request : undefined;
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
