import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { ComponentType } from 'react';
import type { HeadCollector, SiteState } from '../../shared/siteState.js';
import { importModule } from '../importModule.js';
import { markUsed } from '../cacheFolder.js';
import { packageRoot } from '../paths.js';
import { processFlagsKey, scriptWithCodeCache } from '../../../bin/codeCache.js';
import { bundleSource } from '../../../bin/bundleText.js';

// The server renderer as a thread loads it: apart from the bundling (server.ts), so that the build
// workers, which only load it, do not load esbuild and lightningcss with it (70 ms of CPU per worker,
// a cold build starting four; measured with workers that answer one message, Node 20).

export interface ServerRenderer {
  /** The bundle on disk, so worker threads can load the same renderer. */
  file: string;
  pageKeys: string[];
  /** The page's markup; what its components set of the head lands in `head`, the urls <Link> drew in `links`. */
  render(state: SiteState, head: HeadCollector, links: string[]): string;
}

export interface ServerModule {
  modules: Record<string, { default?: unknown }>;
  renderApp: (state: SiteState, pages: Record<string, ComponentType>, head: HeadCollector, links: string[]) => string;
}

/**
 * The server bundle as a build holds it (bundleServer): its file and pages, and its renderer, imported
 * on this thread only when first asked for (a build whose pages' HTML is all cached never imports it).
 */
export interface ServerBundle {
  file: string;
  pageKeys: string[];
  load(): Promise<ServerRenderer>;
}

/** Loads a server bundle written by bundleServer (in this thread or a worker). */
export async function loadServerRenderer(params: { file: string; pageKeys: string[] }): Promise<ServerRenderer> {
  const { mod, script } = await loadServerModule(params.file);
  const pages: Record<string, ComponentType> = {};
  for (const key of params.pageKeys) pages[key] = mod.modules[key].default as ComponentType;
  const render: ServerRenderer['render'] = (state, head, links) => mod.renderApp(state, pages, head, links);
  return { file: params.file, pageKeys: params.pageKeys, render: script ? script.inBundleLines(render) : render };
}

/**
 * The server bundle `file`'s module, once per thread: from its script when serverScript.ts made one
 * (and it runs), else imported. `script` is set when it came from the script.
 */
export function loadServerModule(file: string): Promise<{ mod: ServerModule; script?: ServerScript }> {
  let loading = loaded.get(file);
  if (!loading) {
    loading = (async () => {
      const script = readServerScript(file);
      if (script) {
        try {
          return { mod: await script.run(), script };
        } catch {
          // Imported instead: the same code, and the same error, if it throws as it loads.
        }
      }
      return { mod: (await importModule(pathToFileURL(file).href)) as ServerModule };
    })();
    loaded.set(file, loading);
  }
  return loading;
}

const loaded = new Map<string, Promise<{ mod: ServerModule; script?: ServerScript }>>();

/** The script serverScript.ts makes of the server bundle `file`: beside it, named by it and the installed packages it holds. */
export function serverScriptFile(file: string): string {
  return `${file.slice(0, -path.extname(file).length)}.${installedKey()}.cjs`;
}

let installed: string | undefined;

/** The installed packages (npm rewrites node_modules/.package-lock.json at each install that changes them) and the script's format. */
function installedKey(): string {
  if (installed) return installed;
  const lock = fs.statSync(path.join(packageRoot(), 'node_modules/.package-lock.json'), { throwIfNoEntry: false });
  return (installed = crypto
    .createHash('sha1')
    .update(`script 3:${lock ? `${lock.size}:${lock.mtimeMs}` : ''}`)
    .digest('hex')
    .slice(0, 8));
}

interface ServerScript {
  run(): Promise<ServerModule>;
  /** `render` with the stack of an error it throws in the bundle's own lines (renderError.ts maps them with the bundle's source map). */
  inBundleLines<A extends unknown[], R>(render: (...args: A) => R): (...args: A) => R;
}

/**
 * The server bundle's script, if made, compiled with V8's code cache beside it (one per set of V8
 * flags, as bin/cli-bundle.js keeps the CLI's; written as the main thread's process exits, holding
 * what the build compiled).
 */
function readServerScript(file: string): ServerScript | undefined {
  const scriptFile = serverScriptFile(file);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(scriptFile);
  } catch {
    return undefined;
  }
  markUsed(scriptFile);
  // Written in ASCII when it could be (serverScript.ts): read as it is, one byte a character.
  const source = bundleSource(bytes);
  const shift = Number(/^\/\/ (\d+)\n/.exec(source)?.[1]);
  if (!shift) return undefined;
  // Named by the flags the launcher loaded the CLI with (bin/cli-bundle.js), which include those it set at run time.
  const flags = processFlagsKey();
  const cacheFile = `${scriptFile}.${flags}.v8cache`;
  markUsed(cacheFile);
  const url = pathToFileURL(file).href;
  const frames = new RegExp(`${scriptFile.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')}:(\\d+):(\\d+)`, 'g');
  const inBundleLines = (stack: string) => stack.replace(frames, (all, line: string, column: string) => (Number(line) > shift ? `${url}:${Number(line) - shift}:${column}` : all));
  return {
    async run() {
      const script = scriptWithCodeCache(source, { filename: scriptFile, cacheFile, write: isMainThread });
      const module = { exports: {} };
      const run = script.runInThisContext() as (require: NodeJS.Require, module: object, exports: object, url: string) => Promise<ServerModule>;
      return run(createRequire(file), module, module.exports, url);
    },
    inBundleLines:
      (render) =>
      (...args) => {
        try {
          return render(...args);
        } catch (e) {
          if (e instanceof Error && typeof e.stack === 'string') e.stack = inBundleLines(e.stack);
          throw e;
        }
      },
  };
}
