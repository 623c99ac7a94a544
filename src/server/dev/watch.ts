import fs from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { SiteConfig } from '../../builder/config/schema.js';
import { packageRoot } from '../../builder/paths.js';
import { findDocusaurusConfig } from '../../builder/config/docusaurus/configFile.js';
import type { Change } from './session.js';
import { sitePlugins } from '../../builder/plugins/index.js';
import type { ContentPlugin } from '../../builder/plugins/api.js';

// What `sitegen dev` watches: the config file (and the Docusaurus config beside it), every folder the content plugins read (docs, blogs,
// pages), the translations, static files, custom CSS and form schemas, and sitegen's own theme and
// browser code. Bursts of events (an editor saving through a temporary file, a git checkout) are
// grouped into one batch.

/** The files and folders of a site a dev build reads (those that exist: a folder created later is watched after the next config change). */
export function watchedPaths(params: { config: SiteConfig; siteDir: string; configFile: string; plugins?: ContentPlugin[] }): string[] {
  const { config, siteDir } = params;
  const inSite = (p: string) => path.resolve(siteDir, p);
  // The Docusaurus config beside the config file: the config itself in a Docusaurus folder, or what the
  // site.config.ts `init` writes reads its functions and computed values from.
  const docusaurus = findDocusaurusConfig(path.dirname(path.resolve(params.configFile)));
  const paths = [
    path.resolve(params.configFile),
    ...(docusaurus ? [docusaurus] : []),
    inSite(config.i18nDir),
    ...config.staticDirectories.map(inSite),
    ...config.themeConfig.customCss.map(inSite),
    ...config.clientModules.map(inSite),
  ];
  for (const plugin of params.plugins ?? sitePlugins()) paths.push(...(plugin.watchPaths?.({ config, siteDir }) ?? []));
  if (config.forms.schemas) paths.push(inSite(config.forms.schemas));
  try {
    const root = packageRoot();
    paths.push(path.join(root, 'src/theme'), path.join(root, 'src/client'));
  } catch {
    // Not running from a sitegen checkout: nothing of the theme to watch.
  }
  // chokidar 4 stops reporting anything when one of its paths does not exist.
  return [...new Set(paths)].filter((p) => fs.existsSync(p));
}

const IGNORED = /(^|[/\\])(\.git|node_modules|\.DS_Store)([/\\]|$)|\.swp$|\.swx$|~$|[/\\]4913$|[/\\]\.#[^/\\]*$/;

export interface SiteWatcher {
  /** Starts watching more paths (the config now names another folder). */
  add(paths: string[]): void;
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchSite(params: { paths: string[]; onChanges: (changes: Change[]) => void; debounceMs?: number }): SiteWatcher {
  const watched = new Set(params.paths);
  const watcher: FSWatcher = watch(params.paths, { ignoreInitial: true, ignored: (p: string) => IGNORED.test(p) });
  const pending = new Map<string, Change['event']>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const changes = [...pending].map(([p, event]) => ({ path: p, event }));
    pending.clear();
    if (changes.length) params.onChanges(changes);
  };
  const queue = (event: Change['event']) => (p: string) => {
    const before = pending.get(p);
    // A file created and then written in one burst is still new; one removed and created again changed.
    pending.set(p, before === 'add' && event === 'change' ? 'add' : before === 'unlink' && event === 'add' ? 'change' : event);
    clearTimeout(timer);
    timer = setTimeout(flush, params.debounceMs ?? 10);
  };
  // chokidar drops a second "change" of a path within 50 ms of the first (two quick saves, or a save
  // while the first build runs), and the second content would never be built. Every raw event of an
  // existing file is queued as a change too: the batch is deduplicated by path anyway.
  watcher.on('raw', (_event, filename, details) => {
    const watchedPath = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (!watchedPath || !filename) return;
    const stat = fs.statSync(watchedPath, { throwIfNoEntry: false });
    const abs = stat?.isDirectory() ? path.join(watchedPath, filename) : watchedPath;
    if (IGNORED.test(abs) || !fs.statSync(abs, { throwIfNoEntry: false })?.isFile()) return;
    queue('change')(abs);
  });
  watcher.on('add', queue('add'));
  watcher.on('change', queue('change'));
  watcher.on('unlink', queue('unlink'));
  watcher.on('addDir', queue('add'));
  watcher.on('unlinkDir', queue('unlink'));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    add(paths) {
      const fresh = paths.filter((p) => !watched.has(p));
      for (const p of fresh) watched.add(p);
      if (fresh.length) watcher.add(fresh);
    },
    ready,
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
