import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { SitegenError, type Problem, importModule as importRuntime, type PluginDeclaration, type PluginModule } from '../api.js';
import { refusedPlugin, SKIPPED_PLUGINS } from './refused.js';
import type { DocusaurusPlugin, LoadContext } from './types.js';

// Loading a Docusaurus plugin as Docusaurus does (core/lib/server/plugins/init.js): the module is a
// function, a local path (relative to the site) or a package name (with Docusaurus's short names:
// "ideal-image" → "@docusaurus/plugin-ideal-image"), resolved from the site; a file is loaded with
// jiti, as Docusaurus loads it (ESM, CommonJS, TypeScript, `__dirname` in ESM); its `validateOptions`
// (when exported) normalises the options; then `plugin(context, options)` returns the plugin object.

export interface LoadedPlugin {
  plugin: DocusaurusPlugin;
  /** The options as validated (with `id`, 'default' unless set). */
  options: Record<string, unknown> & { id: string };
  /** The module as written: for messages. */
  label: string;
  /** The file its module was loaded from (undefined for a function of the config). */
  file?: string;
  declaration: PluginDeclaration;
}

/** Docusaurus's candidate package names of a module name (moduleShorthand.js). */
export function namePatterns(name: string, type: 'plugin' | 'theme'): string[] {
  if (name.startsWith('@')) {
    if (!name.includes('/')) return [`${name}/docusaurus-${type}`];
    const [scope, rest] = name.split(/\/(.*)/);
    return [`${scope}/${rest}`, `${scope}/docusaurus-${type}-${rest}`];
  }
  return [name, `@docusaurus/${type}-${name}`, `docusaurus-${type}-${name}`];
}

function resolveModule(name: string, siteDir: string, type: 'plugin' | 'theme'): { file: string; packageName?: string } {
  const req = createRequire(path.join(siteDir, 'package.json'));
  if (name.startsWith('.') || path.isAbsolute(name)) return { file: req.resolve(path.resolve(siteDir, name)) };
  for (const candidate of namePatterns(name, type)) {
    try {
      return { file: req.resolve(candidate), packageName: candidate };
    } catch {
      // the next name Docusaurus tries
    }
  }
  throw new Error(`cannot find the ${type} "${name}": install one of ${namePatterns(name, type).join(', ')} in the site (npm install --save-dev ...)`);
}

type Jiti = (id: string) => unknown;
/** jiti as Docusaurus uses it (default export taken, no require cache), from the site's packages or sitegen's. */
function jitiLoader(siteDir: string): Jiti | undefined {
  for (const from of [path.join(siteDir, 'package.json'), fileURLToPath(import.meta.url)]) {
    try {
      const jiti = createRequire(from)('jiti') as unknown;
      const options = { cache: true, requireCache: false, interopDefault: true };
      // jiti 1 exports the factory; jiti 2 exports createJiti.
      if (typeof jiti === 'function') return (jiti as (file: string, o: object) => Jiti)(from, options);
      const create = (jiti as { createJiti?: (file: string, o: object) => Jiti }).createJiti;
      if (create) return create(from, options);
    } catch {
      // not installed there
    }
  }
  return undefined;
}

async function importModule(file: string, siteDir: string): Promise<unknown> {
  const jiti = jitiLoader(siteDir);
  if (jiti) return jiti(file);
  const mod = (await importRuntime(file)) as { default?: unknown };
  return mod.default ?? mod;
}

const isFunction = (v: unknown): v is (...args: unknown[]) => unknown => typeof v === 'function';

export async function loadPlugin(params: {
  declaration: PluginDeclaration;
  siteDir: string;
  context: LoadContext;
  configFile: string;
  configLine: (d: PluginDeclaration) => number | undefined;
}): Promise<LoadedPlugin | undefined> {
  const { declaration, siteDir, context } = params;
  const type = declaration.list === 'themes' ? 'theme' : 'plugin';
  const at = `${declaration.list}[${declaration.index}]`;
  const fail = (message: string, hint: string, cause?: unknown): never => {
    const detail = cause instanceof Error && cause.stack && process.env.SITEGEN_DEBUG ? `\n${cause.stack}` : '';
    throw new SitegenError('Cannot load a Docusaurus plugin', [{ message: `${at}: ${message}${detail}`, file: params.configFile, line: params.configLine(declaration), hint }]);
  };
  const label = describeModule(declaration.module);
  let file: string | undefined;
  let pluginModule: unknown = declaration.module;
  if (typeof declaration.module === 'string') {
    const name = declaration.module;
    if (SKIPPED_PLUGINS[name]) return undefined;
    // By any name Docusaurus would resolve it by ("ideal-image" is "@docusaurus/plugin-ideal-image"), installed or not.
    const refusedName = [name, ...namePatterns(name, type)].find((n) => refusedPlugin(n));
    if (refusedName) fail(`sitegen does not run "${refusedName}": ${refusedPlugin(refusedName)}`, 'Remove the entry.');
    let resolved: ReturnType<typeof resolveModule> | undefined;
    try {
      resolved = resolveModule(name, siteDir, type);
    } catch (e) {
      fail((e as Error).message, 'A local plugin is a path relative to the site folder ("./src/plugins/my-plugin"); a package must be installed in the site.');
    }
    file = resolved!.file;
    try {
      pluginModule = await importModule(file, siteDir);
    } catch (e) {
      fail(`"${name}" could not be loaded (${file}): ${(e as Error).message}`, 'Fix the error in the plugin module, or remove the entry.', e);
    }
  }
  const mod = pluginModule as { default?: unknown; validateOptions?: unknown };
  const fn = isFunction(mod) ? mod : isFunction(mod?.default) ? mod.default : undefined;
  if (!fn)
    return fail(
      `${label} is not a plugin: its module exports no function (a Docusaurus plugin is \`function plugin(context, options) { return { name, ... } }\`)`,
      'Export the plugin function as the default export (or module.exports).',
    );
  const ownValidate = (fn as unknown as { validateOptions?: unknown }).validateOptions;
  const validate = isFunction(mod.validateOptions) ? mod.validateOptions : isFunction(ownValidate) ? ownValidate : undefined;
  let options = { ...((declaration.options ?? {}) as Record<string, unknown>) } as Record<string, unknown> & { id: string };
  options.id ??= 'default';
  if (validate) {
    try {
      options = validate({ options: declaration.options ?? {}, validate: normalizePluginOptions }) as typeof options;
    } catch (e) {
      fail(`the options of ${label} are invalid: ${(e as Error).message}`, 'Fix the options as the plugin documents them.');
    }
    options.id ??= 'default';
  }
  let plugin: unknown;
  try {
    plugin = await fn(context, options);
  } catch (e) {
    fail(`${label} failed as it started: ${(e as Error).message}`, "The error is the plugin's own: fix its code or its options.", e);
  }
  if (plugin === null || plugin === undefined || plugin === false) return undefined; // Docusaurus skips a plugin that returns null
  if (typeof (plugin as { name?: unknown }).name !== 'string') fail(`${label} returned no \`name\`: a plugin object needs one`, 'Return `{ name: "my-plugin", ... }`.');
  return { plugin: plugin as DocusaurusPlugin, options, label, file, declaration };
}

/** What Docusaurus's `validate(schema, options)` does for a plugin's `validateOptions`: Joi's validation, with `id` defaulting to 'default'. */
function normalizePluginOptions(schema: { validate: (v: unknown, o?: object) => { error?: Error; value: unknown }; append?: (o: object) => unknown }, options: unknown): unknown {
  const { error, value } = schema.validate({ id: 'default', ...(options as object) }, { convert: false, allowUnknown: false, stripUnknown: false, presence: 'optional' });
  if (error?.message.includes('"id" is not allowed')) {
    // A schema that does not list `id` (as Docusaurus's normalizePluginOptions adds it): validate without it.
    const retry = schema.validate(options ?? {}, { convert: false });
    if (retry.error) throw retry.error;
    return { id: 'default', ...(retry.value as object) };
  }
  if (error) throw error;
  return value;
}

function describeModule(module: PluginModule): string {
  return typeof module === 'string' ? `"${module}"` : `the plugin function ${module.name ? `"${module.name}"` : '(anonymous)'}`;
}

/** The config line of an entry: the line of its module name, or of the list. */
export function entryLine(configFile: string): (d: PluginDeclaration) => number | undefined {
  let lines: string[] | undefined;
  return (d) => {
    lines ??= fs.existsSync(configFile) ? fs.readFileSync(configFile, 'utf8').split('\n') : [];
    const needle = typeof d.module === 'string' ? d.module : d.module.name;
    const at = needle ? lines.findIndex((l) => l.includes(needle)) : -1;
    if (at >= 0) return at + 1;
    const list = lines.findIndex((l) => new RegExp(`\\b${d.list}\\s*:`).test(l));
    return list >= 0 ? list + 1 : undefined;
  };
}

export type { Problem };
