import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire, type SourceMapPayload } from 'node:module';
import * as esbuild from 'esbuild';
import { siteConfigSchema, type SiteConfig } from './schema.js';
import { checkNavbarItems, describeIssue } from './navbarItems.js';
import { docsInstances, leavesSite, leavesSiteMessage } from './docsInstances.js';
import { splitPluginThemeConfig } from './pluginThemeConfig.js';
import { SitegenError, type Problem } from '../errors.js';
import { cacheFolder } from '../cacheFolder.js';
import { processAlive } from '../processAlive.js';
import { thrownAt } from './thrownAt.js';
import { lineMatching } from '../content/lineMatching.js';
import { unusedOptionsWarning } from './unusedOptions.js';
import { hasGrammar } from '../markdown/highlight.js';
import { formsDataDirProblem } from './formsDataDir.js';
import { DOCUSAURUS_CONFIG_NAMES, isDocusaurusConfig, resolveConfigFile } from './docusaurus/configFile.js';
import { docusaurus2Notice, siteConfigFromDocusaurus } from './docusaurus/fromDocusaurus.js';
import { importModule } from '../importModule.js';
import { keepConfigBundle, keptConfigBundle, type ConfigBundle } from './configBundle.js';
import { PARSE_FEW } from '../parseFew.js';

export interface LoadedConfig {
  config: SiteConfig;
  /** Options of the config that do not change the output (unusedOptions.ts): one warning for a build to show. */
  warnings: Problem[];
  configFile: string;
  /** Absolute folder of the site's content (config.siteDir resolved against the config file). */
  siteDir: string;
  /** The files the config's code was made from (the config file and what it imports). */
  inputs: string[];
}

export async function loadConfig(params: { configFile: string }): Promise<LoadedConfig> {
  const configFile = path.resolve(resolveConfigFile(params.configFile));
  if (!fs.existsSync(configFile)) {
    throw new SitegenError(`Config file not found: ${configFile}`, [
      { message: 'no such file', file: configFile, hint: `Create site.config.ts, pass --config <file>, or run sitegen in a Docusaurus site's folder (${DOCUSAURUS_CONFIG_NAMES[0]}).` },
    ]);
  }
  const { value: raw, inputs } = await runConfigModule(configFile);
  if (isDocusaurusConfig(configFile)) return { ...loadDocusaurusConfig(raw, configFile), inputs };
  const config = validateConfig({ raw, configFile });
  const unused = unusedOptionsWarning(config, configFile);
  return { config, configFile, siteDir: path.resolve(path.dirname(configFile), config.siteDir), warnings: unused ? [unused] : [], inputs };
}

/**
 * A Docusaurus config read as it stands (docusaurus/fromDocusaurus.ts): every option not carried over
 * is a warning at its line, with the reason; a Docusaurus 2 site gets one notice of how its markdown is read.
 */
function loadDocusaurusConfig(raw: unknown, configFile: string): Omit<LoadedConfig, 'inputs'> {
  const siteDir = path.dirname(configFile);
  const source = safeRead(configFile);
  const from = siteConfigFromDocusaurus(raw, { siteDir });
  const config = validateConfig({ raw: from.config, configFile, source });
  const warnings: Problem[] = from.notes.map((n) => ({
    message: `${n.key}: not carried over: ${n.reason}`,
    file: configFile,
    line: n.key.startsWith('(') ? undefined : findKeyLine(source, keyPathOf(n.key)),
  }));
  if (from.docusaurus2 && from.version) warnings.unshift({ message: docusaurus2Notice(from.version), file: from.version.file });
  return { config, configFile, siteDir: path.resolve(siteDir, config.siteDir), warnings };
}

/** A note's key (`presets[0].docs.editUrl`) as a key path: `['presets', 0, 'docs', 'editUrl']`. */
function keyPathOf(key: string): (string | number)[] {
  return key
    .split(/\.|\[(\d+)\]\.?/)
    .filter((k) => k !== undefined && k !== '')
    .map((k) => (/^\d+$/.test(k) ? Number(k) : k));
}

/**
 * Runs a config module (TypeScript or JavaScript, ESM or CommonJS; `require` and `require.resolve`
 * work, relative to the file) and returns its default export, awaited when it is a function.
 */
export async function importConfigModule(configFile: string): Promise<unknown> {
  return (await runConfigModule(configFile)).value;
}

/** importConfigModule's value, and the files the module was bundled from. */
async function runConfigModule(configFile: string): Promise<{ value: unknown; inputs: string[] }> {
  // Written next to the config so that its bare imports (zod, a site's own packages) resolve from the
  // site's node_modules; into sitegen's cache when that folder cannot be written.
  const beside = writableDir(path.dirname(configFile));
  const prefix = beside ? '.sitegen-config-' : 'config-';
  const tmp = beside ? path.join(path.dirname(configFile), `${prefix}${process.pid}-${Date.now()}.mjs`) : cacheFolder(`${prefix}${process.pid}-${Date.now()}.mjs`);
  removeStaleConfigBundles(path.dirname(tmp), prefix);
  // The kept bundle when the config's files did not change (configBundle.ts; its source map is
  // relative to the folder of `tmp`, part of the key).
  const options = { ...BUNDLE_OPTIONS, dir: path.dirname(tmp) };
  const { code, map, inputs } = keptConfigBundle(configFile, options) ?? (await bundleConfig(configFile, tmp, options));
  fs.mkdirSync(path.dirname(tmp), { recursive: true });
  const dirFixed = code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(configFile).href));
  fs.writeFileSync(tmp, dirFixed);
  try {
    const mod = (await importModule(pathToFileURL(tmp).href)) as { default?: unknown };
    const value = typeof mod.default === 'function' ? await (mod.default as () => unknown)() : mod.default;
    if (value === undefined) {
      throw new SitegenError(`The config file has no default export`, [{ message: 'expected `export default { ... }`', file: configFile }]);
    }
    return { value, inputs };
  } catch (e) {
    if (e instanceof SitegenError) throw e;
    throw configThrew(e, configFile, tmp, map);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * esbuild's version, from its package.json: reading `esbuild.version` loads esbuild (8-20 ms of CPU),
 * which a build whose config bundle is kept never starts (the CLI bundle loads it when first used:
 * bin/cli-bundle.js LAZY_MODULES).
 */
const esbuildVersion = (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;

/** How the config is bundled (with esbuild's version: a kept bundle was made the same way). */
const BUNDLE_OPTIONS = {
  esbuild: esbuildVersion,
  // The source map (kept in memory) takes an error the config throws back to its own file:line.
  sourcemap: 'external',
  sourcesContent: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  write: false,
  logLevel: 'silent',
  target: 'node20',
  // CommonJS configs call require() and require.resolve('./sidebars.js'): give the ESM bundle one.
  banner: { js: "import { createRequire as __sitegenCreateRequire } from 'node:module'; const require = __sitegenCreateRequire(import.meta.url);" },
} as const;

/** The config bundled by esbuild (`tmp` names its output), kept for the next build (configBundle.ts). */
async function bundleConfig(configFile: string, tmp: string, keyOptions: unknown): Promise<ConfigBundle> {
  const started = Date.now();
  const { esbuild: _version, ...options } = BUNDLE_OPTIONS;
  let result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[]; metafile: esbuild.Metafile };
  try {
    result = await esbuild.build({ ...options, outfile: tmp, entryPoints: [configFile], metafile: true });
  } catch (e) {
    const errors = (e as { errors?: esbuild.Message[] }).errors ?? [];
    throw new SitegenError(
      `Cannot read the config file ${configFile}`,
      errors.map((m) => ({
        message: m.text,
        file: m.location?.file ? path.resolve(m.location.file) : configFile,
        line: m.location?.line,
        column: m.location ? m.location.column + 1 : undefined,
      })),
    );
  }
  // The metafile names its inputs relative to esbuild's working folder (this process's).
  const bundle = {
    code: result.outputFiles.find((f) => !f.path.endsWith('.map'))!.text,
    map: JSON.parse(result.outputFiles.find((f) => f.path.endsWith('.map'))!.text) as SourceMapPayload,
    inputs: Object.keys(result.metafile.inputs).map((f) => path.resolve(f)),
  };
  keepConfigBundle(configFile, keyOptions, bundle, bundle.inputs, started);
  return bundle;
}

/**
 * A process killed while it loaded the config (kill -9) left its bundle beside the config: removed by
 * the next load once its process is gone, or an hour old (a process id is reused after a restart).
 */
function removeStaleConfigBundles(dir: string, prefix: string): void {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const m = entry.startsWith(prefix) ? /^(\d+)-(\d+)\.mjs$/.exec(entry.slice(prefix.length)) : null;
    if (!m) continue;
    const pid = Number(m[1]);
    if ((pid === process.pid || processAlive(pid)) && Date.now() - Number(m[2]) < 3_600_000) continue;
    fs.rmSync(path.join(dir, entry), { force: true });
  }
}

/** An error the config's code threw while it loaded, at its own file:line (not the temporary bundle's). */
function configThrew(e: unknown, configFile: string, bundleFile: string, map: SourceMapPayload): SitegenError {
  // A message may name the bundle too (a package it imports is missing): name the config instead.
  const named = (text: string) => text.replaceAll(pathToFileURL(bundleFile).href, pathToFileURL(configFile).href).replaceAll(bundleFile, configFile);
  const what = e instanceof Error ? named(`${e.name}: ${e.message}`) : `threw ${JSON.stringify(e) ?? String(e)}`;
  // Node fails a missing package before any code of the bundle runs: no frame to map, so the import is looked for.
  const missing = (e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' ? /Cannot find (?:package|module) '([^']+)'/.exec(e instanceof Error ? e.message : '')?.[1] : undefined;
  if (missing !== undefined) {
    const bare = !missing.startsWith('.') && !path.isAbsolute(missing) && !missing.startsWith('file:');
    const name = bare
      ? missing
          .split('/')
          .slice(0, missing.startsWith('@') ? 2 : 1)
          .join('/')
      : missing;
    const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new SitegenError(`The config file ${configFile} imports a package that is not installed`, [
      {
        message: what,
        file: configFile,
        line: lineMatching(configFile, new RegExp(`(from|import|require\\()\\s*['"]${quoted}(/[^'"]*)?['"]`)),
        hint: bare ? `Install it (npm install ${name}) or fix the import.` : 'Fix the import: no such file.',
      },
    ]);
  }
  const at = thrownAt(e, bundleFile, map);
  return new SitegenError(`The config file ${configFile} threw an error while loading`, [
    {
      message: what,
      file: at?.file ?? configFile,
      line: at?.line,
      column: at?.column,
      hint: 'sitegen runs the config module (and its default export, when it is a function) to read it: fix the code at this line.',
    },
  ]);
}

export function validateConfig(params: { raw: unknown; configFile: string; source?: string }): SiteConfig {
  const { raw, configFile } = params;
  const source = params.source ?? safeRead(configFile);
  const problems: Problem[] = [];
  const split = splitPluginThemeConfig(raw);
  const result = siteConfigSchema.safeParse(split.raw, { ...PARSE_FEW, reportInput: true });
  let docs: SiteConfig['docs'] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const keyPath = issue.path as (string | number)[];
      const shownPath = issue.code === 'unrecognized_keys' ? [...keyPath, issue.keys[0]] : keyPath;
      problems.push(problemAt(configFile, source, shownPath, describeIssue(issue)));
    }
  } else {
    const items = result.data.themeConfig.navbar.items;
    for (const p of checkNavbarItems(items, ['themeConfig', 'navbar', 'items'])) {
      problems.push(problemAt(configFile, source, p.path, p.message));
    }
    const { defaultLocale, locales } = result.data.i18n;
    if (!locales.includes(defaultLocale)) {
      problems.push(problemAt(configFile, source, ['i18n', 'defaultLocale'], `"${defaultLocale}" is not one of i18n.locales (${locales.join(', ')})`));
    }
    const languages = result.data.themeConfig.prism?.additionalLanguages ?? [];
    for (const [i, lang] of languages.entries()) {
      if (!hasGrammar(lang)) {
        problems.push(
          problemAt(
            configFile,
            source,
            ['themeConfig', 'prism', 'additionalLanguages', i],
            `"${lang}" is not a language Prism has a grammar for: remove it (its code blocks are shown as plain text) or name it as Prism does (e.g. "java", "php", "rust", "csharp")`,
          ),
        );
      }
    }
    for (const [i, blog] of result.data.blogs.entries()) {
      if (leavesSite(blog.routeBasePath)) problems.push(problemAt(configFile, source, ['blogs', i, 'routeBasePath'], leavesSiteMessage(blog.routeBasePath)));
    }
    const instances = docsInstances({ docs: result.data.docs, plugins: result.data.plugins });
    for (const p of instances.problems) problems.push(problemAt(configFile, source, p.path, p.message));
    docs = instances.instances;
    const dataDir = formsDataDirProblem({
      siteDir: path.resolve(path.dirname(configFile), result.data.siteDir),
      dataDir: result.data.forms.dataDir,
      staticDirectories: result.data.staticDirectories,
      outDir: result.data.outDir,
      docsPaths: docs.map((d) => d.path),
      i18nDir: result.data.i18nDir,
    });
    if (dataDir) problems.push({ ...problemAt(configFile, source, ['forms', 'dataDir'], dataDir.message), hint: dataDir.hint });
  }
  if (problems.length) {
    throw new SitegenError(`Invalid site config in ${configFile}`, problems);
  }
  return { ...result.data!, docs, ...(split.extra ? { pluginThemeConfig: split.extra } : {}) };
}

function problemAt(file: string, source: string, keyPath: (string | number)[], message: string): Problem {
  const pretty = keyPath.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join('');
  return { message: `${pretty || '(root)'}: ${message}`, file, line: findKeyLine(source, keyPath) };
}

/** Best-effort line of a key path in the config source: the last named key found after its parents. */
function findKeyLine(source: string, keyPath: (string | number)[]): number | undefined {
  if (!source) return undefined;
  let offset = 0;
  let found: number | undefined;
  for (const key of keyPath) {
    if (typeof key === 'number') continue;
    const re = new RegExp(`(^|[\\s{,])(['"]?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\2\\s*:`, 'g');
    re.lastIndex = offset;
    const m = re.exec(source);
    if (!m) break;
    offset = m.index + m[0].length;
    found = source.slice(0, m.index + m[1].length).split('\n').length;
  }
  return found;
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function writableDir(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
