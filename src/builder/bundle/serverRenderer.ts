import { pathToFileURL } from 'node:url';
import type { ComponentType } from 'react';
import type { HeadCollector, SiteState } from '../../shared/siteState.js';
import { importModule } from '../importModule.js';

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
  const mod = (await importModule(pathToFileURL(params.file).href)) as ServerModule;
  const pages: Record<string, ComponentType> = {};
  for (const key of params.pageKeys) pages[key] = mod.modules[key].default as ComponentType;
  return { file: params.file, pageKeys: params.pageKeys, render: (state, head, links) => mod.renderApp(state, pages, head, links) };
}
