// The CLI as it runs: the TypeScript sources bundled with esbuild on first use (and after any source
// change) into node_modules/.cache. The launcher runs it; the benchmark measures builds through it.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { flagsKey, scriptWithCodeCache } from './codeCache.js';
import { ASCII_MARK, asciiMarked, asciiOnly, markedAscii, ONE_NAMESPACE, oneNamespaceEach } from './bundleText.js';
import { PACKAGE_PATCHES } from './bundlePatches.js';
import { createRequire } from 'node:module';
import { isAscii } from 'node:buffer';
import { fileURLToPath } from 'node:url';

export { ASCII_MARK, asciiMarked, asciiOnly, ONE_NAMESPACE, oneNamespaceEach };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The sitegen package's folder. */
export const packageRoot = root;
/** Where the CLI bundle and, unless SITEGEN_CACHE_DIR says otherwise, the build cache are kept (src/builder/cacheFolder.ts). */
export const cacheRoot = path.join(root, 'node_modules/.cache/sitegen');

/**
 * Node options a build runs with (the launcher starts node again with them; the benchmark's builds
 * use them too). A build allocates a gigabyte of short-lived objects for a site like Shifu's:
 * young-generation spaces of 32 MB instead of 16 halve the collections that copy the parsed trees,
 * and one V8 helper thread instead of four keeps the collector's and compiler's helpers from
 * crowding out the main thread on a two-core machine (about 10-20 % of a cold Shifu build there).
 * That helper thread was then a quarter of a large build's CPU, most of it optimising compiles: one
 * of them (mdast-util-from-markdown's compiler, a function building an object literal of about 150
 * handlers) took 0.5-0.7 s in escape analysis alone. Without escape analysis, and with functions
 * optimised after twice the work, the versioned synthetic site (bench/versioned.ts) used 12 % less
 * CPU (15.6 -> 13.7 s, median of 6 cold builds alternating with the flags before) and the synthetic
 * 4,000 x 2 site 9 % (80.2 -> 72.6 s, 3 builds), at the same peak memory; a cold Shifu build,
 * on this thread alone, stayed the same (7.3-7.8 s of CPU either way, 6 builds each).
 * Optimising compiles were still an eighth of a versioned build's CPU (perf, 12.8 %): each thread
 * optimises the same hot code again (micromark in both parse threads, React in both HTML threads)
 * for one build's worth of running. Without inlining they cost far less, and the code they make is
 * hardly slower for so short a run: a cold Shifu build used less CPU in each of 8 builds alternating
 * with and without (median 6.58 -> 5.71 s, wall 4.04 -> 3.68 s), the versioned synthetic site in 12
 * of 14 (median 5-7 % less), and the synthetic 4,000 x 2 site was no slower (42.1 and 43.8 s
 * against 46.9, 44.2 and 42.1 s).
 * `--expose-gc` gives the build's threads the collector they call between files (heapBound.ts), which
 * a process started without it makes callable by turning the flag on and off: V8's flags are the
 * process's, and two threads starting at once turned it off under each other (a build thread then
 * failed as it loaded, seen in a CI run).
 */
export const NODE_FLAGS = ['--max-semi-space-size=32', '--v8-pool-size=1', '--no-turbo-escape', '--interrupt-budget=270336', '--no-turbo-inlining', '--expose-gc'];
const entry = path.join(root, 'src/cli/main.ts');

const walked = new Map();

/**
 * The files of the sources under `dir`/src (.ts, .tsx, .css, .json) with their sizes and modification
 * times, walked once per process: the bundled CLI's src/builder/sourceFiles.ts (same files, same
 * order), whose callers (the build cache's code fingerprint, the worker bundles' key) then walk no more.
 */
export function sourceFiles(dir = root) {
  let files = walked.get(dir);
  if (files) return files;
  files = [];
  // Paths joined as strings (the folders are normalized: the same strings as path.join and
  // path.relative make): in a new process, a path.join and a path.relative per file cost more than
  // the stat calls; the walk of 449 files took 23-33 ms of CPU with them, 13-17 ms without (6 new
  // processes each, alternating, 16:15 UTC, load 13).
  const walk = (d, rel) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = `${d}${path.sep}${e.name}`;
      if (e.isDirectory()) walk(p, `${rel}${path.sep}${e.name}`);
      else if (/\.(tsx?|css|json)$/.test(e.name)) {
        const s = fs.statSync(p);
        files.push({ rel: `${rel}${path.sep}${e.name}`, size: s.size, mtimeMs: s.mtimeMs });
      }
    }
  };
  const src = path.join(dir, 'src');
  walk(src, path.relative(dir, src));
  walked.set(dir, files);
  return files;
}

let knownKey;

/** The key of the bundle of the sources as they are now (their sizes and times, this file's, the installed packages'); once per process. */
export function cliKey() {
  if (knownKey) return knownKey;
  const hash = crypto.createHash('sha1');
  for (const f of sourceFiles()) if (/\.(tsx?|json)$/.test(f.rel)) hash.update(`${root}${path.sep}${f.rel}:${f.size}:${f.mtimeMs}\n`);
  // How it is bundled (this file and bundlePatches.js) too, and the files outside src/ the bundle holds
  // (codeCache.js, which the server renderer imports, and bundleText.js and bundlePatches.js, which the
  // worker threads' bundler does).
  const self = fs.statSync(fileURLToPath(import.meta.url));
  hash.update(`bundler:${self.size}:${self.mtimeMs}\n`);
  for (const name of ['codeCache.js', 'bundleText.js', 'bundlePatches.js']) {
    const shared = fs.statSync(fileURLToPath(new URL(name, import.meta.url)));
    hash.update(`${name.slice(0, -3)}:${shared.size}:${shared.mtimeMs}\n`);
  }
  // The bundle holds the installed packages too: npm rewrites this file at every install that changes them.
  const installed = fs.statSync(path.join(root, 'node_modules/.package-lock.json'), { throwIfNoEntry: false });
  if (installed) hash.update(`installed:${installed.size}:${installed.mtimeMs}\n`);
  return (knownKey = hash.digest('hex').slice(0, 12));
}

/**
 * The bundled CLI module (made if missing or stale); exports `main`, and `build` for the benchmark.
 * It is compiled with V8's code cache (codeCache below): pass `codeCache: true` to also write that
 * cache when it is missing, at the end of this process (what the process ran is what the next one finds
 * compiled). `flags`: the V8 flags this process set at run time (launch-mode.js), as its command line's.
 */
export async function loadCli({ codeCache = false, flags = [] } = {}) {
  const key = cliKey();
  const out = path.join(cacheRoot, `cli-${key}.cjs`);
  if (!fs.existsSync(out)) {
    const esbuild = await import('esbuild');
    fs.mkdirSync(cacheRoot, { recursive: true });
    // The bundles of older sources and their code caches.
    for (const old of fs.readdirSync(cacheRoot)) if (/^cli-.*\.(mjs|cjs|v8cache)$/.test(old)) fs.rmSync(path.join(cacheRoot, old), { force: true });
    const tmp = `${out}.${process.pid}.tmp`;
    await esbuild.build({
      entryPoints: [entry],
      outfile: tmp,
      bundle: true,
      platform: 'node',
      // CommonJS, not ESM: node compiles a CommonJS module through vm.Script, which takes a code cache
      // (Node 20 has no compile cache for ES modules). Its require() (the packages below) resolves
      // from the sources' folder as before (codeCache passes it); import.meta.url is the bundle's URL.
      format: 'cjs',
      target: 'node20',
      // npm packages go into the bundle too, but for those that find files of their own at run time
      // (esbuild its binary, jieba its addon, playwright-core its driver and browsers; the workers'
      // list is in src/builder/parallel/workerScript.ts) and typescript (9 MB, loaded only to extract
      // UI strings).
      // Left as imports, the ~200 modules of remark, micromark and the like took 0.8 s of CPU to
      // resolve and load at every start; bundled, 0.35-0.4 s (Node 20, the two-core build machine).
      external: ['esbuild', '@node-rs/*', 'playwright-core', 'typescript'],
      jsx: 'automatic',
      logLevel: 'error',
      define: { __SITEGEN_DEV__: 'false', 'import.meta.url': '__sitegenBundleUrl' },
      plugins: [importThroughLauncher, sourcesThroughLauncher, withoutEsprima, nodemailerOutside, lightningcssOnFirstCall, ...PACKAGE_PATCHES],
      banner: { js: `const __sitegenBundleUrl = require('node:url').pathToFileURL(__filename).href;\n${ONE_NAMESPACE}\n${LAZY_NAMESPACE}` },
    });
    fs.writeFileSync(tmp, markedAscii(lazyModules(oneNamespaceEach(fs.readFileSync(tmp, 'utf8')))));
    fs.renameSync(tmp, out);
  }
  return runCached(out, codeCache, flags);
}

/**
 * Runs the CommonJS bundle `file` with V8's code cache beside it: the functions a run compiled
 * (parsing 4 MB of JavaScript, then compiling each function a build calls) are read back compiled.
 * Loading the bundle took 0.44 s of CPU without and 0.32 s with a cache made at load (Node 20, the
 * two-core build machine, 04:10 UTC); a warm Shifu build (nothing changed, the cache made by the
 * build before) used 2.36 -> 2.15 s of CPU (median of 8 alternating with the ESM bundle, 04:28 UTC,
 * load 35). V8 takes a cache only from a node with the same flags (the
 * launcher's relaunched node has NODE_FLAGS on its command line, a warm build most of them set at run
 * time, `sitegen serve` none): one cache file per set of flags.
 * The wrapper is added here, not written into the bundle's file: written there, V8 compiled one flat
 * string instead of copying the two into one (3.4 MB, 790 fewer page faults a start), but loading
 * the CLI took as much CPU (54 new processes each, alternating in both orders, 00:19-00:21 UTC, load
 * 16-20: medians 376.5 and 378 ms as here, 400.5 and 379 ms so).
 * A cache V8 rejects (another node version, a damaged file) is only slower: the code compiles as
 * without, and this process writes a new one.
 */
function runCached(file, write, runtimeFlags) {
  const flags = flagsKey(runtimeFlags);
  const cacheFile = `${file.slice(0, -'.cjs'.length)}.${flags}.v8cache`;
  // The server renderer's script names its code cache by the same flags (src/builder/bundle/serverRenderer.ts).
  globalThis.__sitegenCodeCacheFlags = flags;
  const bytes = fs.readFileSync(file);
  // An ASCII bundle (asciiOnly) is read as it is, one byte a character, without decoding UTF-8.
  const source = asciiMarked(bytes) || isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const script = scriptWithCodeCache(`(function (exports, require, module, __filename, __dirname, __sitegenImport, __sitegenSources) {${source}\n})`, { filename: file, cacheFile, write });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(entry), module, file, path.dirname(file), (specifier) => import(specifier), sourceFiles);
  return module.exports;
}

/**
 * Modules left out of the bundle that a build read back from its cache does not use: esbuild (its
 * bundles and the site config's are kept, config/configBundle.ts), and node's http, https, net, tls and
 * dns (the servers, the link checker's requests, the forms' mail). esbuild's code requires each of them
 * as its module starts, at the bundle's top level: 25-40 ms of CPU at every start of the CLI (esbuild
 * 12-20 ms, http and https with net and tls about 15, dns 1; the launcher's node with a require hook,
 * warm Shifu build, 16:00 UTC, loaded machine), for nothing on a warm build. Their top-level requires
 * become a namespace that requires the module when it is first read (LAZY_NAMESPACE, in the banner):
 * the code reads it as before (`esbuild.build`, `http.default.createServer`), at the first read
 * the module loads as it did at the start (their loads have no effect a build sees before).
 */
export const LAZY_MODULES = ['esbuild', 'node:http', 'node:https', 'node:net', 'node:tls', 'node:dns', 'nodemailer'];

/** The banner's helper of lazyModules: a namespace (a proxy) of the value `load` returns when first read. */
export const LAZY_NAMESPACE = `const __sitegenLazy = (load) => {
  let real;
  const ns = () => (real ??= load());
  return new Proxy({}, {
    get: (_, key) => ns()[key],
    has: (_, key) => key in ns(),
    ownKeys: () => Reflect.ownKeys(ns()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(ns(), key);
      return d && { ...d, configurable: true };
    },
  });
};`;

/** The bundle `code` (after oneNamespaceEach) with the top-level requires of LAZY_MODULES through LAZY_NAMESPACE. */
export function lazyModules(code) {
  return code.replace(/^var ([\w$]+) = (__sitegenToESM\(require\("([^"]+)"\)(?:, 1)?\)|require\("([^"]+)"\));$/gm, (line, name, expr, viaNamespace, plain) =>
    LAZY_MODULES.includes(viaNamespace ?? plain) ? `var ${name} = __sitegenLazy(() => ${expr});` : line,
  );
}

/**
 * js-yaml (gray-matter's YAML reader) loads esprima from node_modules at its start, for the
 * `!!js/function` type of its full schema, through a require() esbuild cannot see: that load (read and
 * compiled outside the bundle's code cache) was 27 ms of CPU at every start of the CLI (profile,
 * 11:49 UTC). Front matter and data files are read with the safe schema, which has no such type
 * (src/builder/content/readFrontMatter.ts): without esprima, the full schema refuses those tags too.
 */
const withoutEsprima = {
  name: 'without-esprima',
  setup(build) {
    build.onLoad({ filter: /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const contents = source.replace("esprima = _require('esprima');", 'esprima = undefined;');
      return contents === source ? undefined : { contents, loader: 'js' };
    });
  },
};

/**
 * nodemailer (but its address parser, which the forms' options check at every build of a site with
 * forms) is left out of the bundle and loaded when the forms' mail sender first reads it (LAZY_MODULES):
 * it was 450 KB of the bundle's 3.8 MB, parsed or read back from the code cache and run at every start
 * of the CLI. Without it, loading the CLI (loadCli, its code cache, NODE_FLAGS) took 192 -> 175 and
 * 220 -> 188 ms of CPU (two runs, medians of 12 and 14 new processes each, alternating, less in 8 of
 * 12 and 9 of 14; 17:11-17:13 UTC, load 6-7).
 */
export const nodemailerOutside = {
  name: 'nodemailer-outside',
  setup(build) {
    build.onResolve({ filter: /^nodemailer$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * lightningcss's ES module entry, in the bundle: its functions load the native binding (its CommonJS
 * entry, index.js, which finds and opens the .node addon) at their first call, not as the bundle starts.
 * Opening the addon and running the entry cost 5-9 ms of CPU at every start of the CLI (the bundle's
 * module bodies timed one by one, 17:05 UTC), for nothing in a build with nothing changed, in
 * `sitegen --version` or in the servers until they build styles: loading the CLI (loadCli, code cache,
 * NODE_FLAGS) took 181 -> 176 ms of CPU (median of 14 new processes each, alternating, less in 9;
 * 17:15 UTC, load 11). Named imports only (no default).
 */
export const lightningcssOnFirstCall = {
  name: 'lightningcss-on-first-call',
  setup(build) {
    build.onLoad({ filter: /[\\/]lightningcss[\\/]node[\\/]index\.mjs$/ }, (args) => ({
      contents: [
        'let binding;',
        "const load = () => (binding ??= require('./index.js'));",
        ...['transform', 'transformStyleAttribute', 'bundle', 'bundleAsync', 'browserslistToTargets', 'composeVisitors'].map((f) => `export const ${f} = (...args) => load().${f}(...args);`),
        "export { Features } from './flags.js';",
      ].join('\n'),
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * src/builder/importModule.ts in the bundle: import() by node's loader from this module, not from the
 * bundle's code (on Node 20, import() fails in code read back from a code cache). Its specifiers are
 * absolute URLs and package names, which resolve here as from the bundle.
 */
const importThroughLauncher = {
  name: 'import-through-launcher',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]builder[\\/]importModule\.ts$/ }, () => ({
      contents: 'export const importModule = (specifier) => __sitegenImport(specifier);',
      loader: 'js',
    }));
  },
};

/** src/builder/sourceFiles.ts in the bundle: the walk this module made for the bundle's key (sourceFiles). */
const sourcesThroughLauncher = {
  name: 'sources-through-launcher',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]builder[\\/]sourceFiles\.ts$/ }, () => ({
      contents: 'export const sourceFiles = (root) => __sitegenSources(root);',
      loader: 'js',
    }));
  },
};
