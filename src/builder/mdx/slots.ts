import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SitegenError } from '../errors.js';
import type { Slots } from '../markdown/context.js';
import type { SiteChrome } from '../../shared/navbar.js';
import type { SiteState } from '../../shared/siteState.js';
import type { SidebarItem } from '../../shared/types.js';
import type { SlotModule, SlotRender } from './render.js';
import { importModule } from '../importModule.js';

// The render threads' side of the MDX bundle: loads it, and draws a file's slots with it, turning a
// component's error into its message and its own stack frame in the site's files.

export interface MdxBundle {
  file: string;
  renderSlot: (params: { module: SlotModule; file: string; id: number; childrenHtml?: string; state: SiteState; siteDir: string }) => SlotRender;
  modules: Record<string, SlotModule>;
}

export async function loadMdxBundle(file: string): Promise<MdxBundle> {
  // Stacks of errors thrown by the site's components then name its files (the bundle's inline map).
  process.setSourceMapsEnabled(true);
  let mod: Omit<MdxBundle, 'file'>;
  try {
    mod = (await importModule(pathToFileURL(file).href)) as Omit<MdxBundle, 'file'>;
  } catch (e) {
    throw moduleThrew(e);
  }
  return { file, renderSlot: mod.renderSlot, modules: mod.modules };
}

/**
 * A file's top-level code (an `export const` or an import of the site's) threw as the bundle loaded:
 * the error at the first frame in the site's files, which the bundle's source map names.
 */
function moduleThrew(e: unknown): SitegenError {
  const stack = e instanceof Error && typeof e.stack === 'string' ? e.stack : '';
  const frame = /\(?sitegen-mdx:(.+?):(\d+):(\d+)\)?$/m.exec(stack);
  return new SitegenError('Code in a markdown file threw an error while loading', [
    {
      message: e instanceof Error ? `${e.name}: ${e.message}` : `threw ${JSON.stringify(e) ?? String(e)}`,
      file: frame?.[1],
      line: frame ? Number(frame[2]) : undefined,
      column: frame ? Number(frame[3]) : undefined,
      hint: 'The exports and imports of an MDX file run when the site is built: fix the code at this line.',
    },
  ]);
}

/** The slots of one file for one locale; the islands drawn are added to `islands`. */
export function slotsOf(params: {
  bundle: MdxBundle | undefined;
  spec: { chrome: SiteChrome; siteDir: string } | undefined;
  file: string;
  slots: number[];
  islands: Set<string>;
  /** The page the file is drawn on, when known (a doc's url and sidebar). */
  page?: { route: string; sidebar?: SidebarItem[] };
}): Slots {
  const { bundle, spec, file, islands, page } = params;
  const ids = new Set(params.slots);
  return {
    has: (offset) => ids.has(offset),
    render(offset, childrenHtml) {
      const module = bundle?.modules[file];
      if (!bundle || !module || !spec) return { error: 'the code of this file was not bundled (internal error)' };
      try {
        // Components drawn in markdown see the site and the locale (useDocusaurusContext, useBaseUrl,
        // Link), and a doc's url and sidebar (useCurrentSidebarCategory, useActiveVersion): not the
        // rest of its page's data. An island sees the site only, in the browser as here (client/islands.tsx).
        let readPage = false;
        const state = {
          chrome: spec.chrome,
          get page() {
            readPage = true;
            return page && { route: page.route };
          },
          get sidebar() {
            readPage = true;
            return page?.sidebar;
          },
        } as SiteState;
        const drawn = bundle.renderSlot({ module, file, id: offset, childrenHtml, state, siteDir: spec.siteDir });
        if (drawn.island && readPage)
          return {
            error:
              'it needs the browser (it keeps state or effects) and reads the page it is on (useCurrentSidebarCategory, the active docs version): an island sees only the site. Read the page in a component without state around it and pass what it needs as props.',
          };
        if (drawn.island) islands.add(drawn.island);
        return drawn;
      } catch (e) {
        const error = e as Error;
        return { error: error?.message ?? String(e), frame: siteFrame(mappedStack(error), spec.siteDir) };
      }
    },
  };
}

/**
 * The error's stack as Node formats it with source maps. A host that formats stacks itself (a test
 * runner's Error.prepareStackTrace) would leave the bundle's lines: it is set aside while the stack is
 * read (V8 formats a stack when it is first read).
 */
function mappedStack(error: Error | undefined): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const own = Error.prepareStackTrace;
  delete (Error as { prepareStackTrace?: unknown }).prepareStackTrace;
  try {
    return error.stack;
  } finally {
    Error.prepareStackTrace = own;
  }
}

/** The first frame of a stack in the site's own files (not its packages, not a markdown module). */
function siteFrame(stack: string | undefined, siteDir: string): string | undefined {
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const at = /\(?((?:file:\/\/)?\/[^()]+?):(\d+):(\d+)\)?$/.exec(line.trim());
    if (!at) continue;
    const file = at[1].replace(/^file:\/\//, '');
    if (!file.startsWith(siteDir + path.sep) || file.includes(`${path.sep}node_modules${path.sep}`) || /\.mdx?$/.test(file)) continue;
    return line.trim();
  }
  return undefined;
}
