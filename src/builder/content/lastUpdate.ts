import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { LastUpdate } from '../../shared/types.js';
import type { Problem } from '../errors.js';

// When a doc or a blog post was last changed, and by whom, for `showLastUpdateTime` /
// `showLastUpdateAuthor` (options of both plugins), as Docusaurus shows them: from git, the last
// commit that touched the file; front matter `last_update` overrides either. Docusaurus asks git
// once per file; here one `git log` over a plugin's folders gives every file's last commit (the
// first time the log names it, newest first).

export interface GitLastUpdates {
  /** Absolute file → its last commit. A file git does not track is not in it. */
  files: Map<string, Required<LastUpdate>>;
  /** Why there is nothing (no git, or not a repository): warned once by the caller. */
  unavailable?: string;
}

const RECORD = '\x1e';
const FIELD = '\x1f';

/** The last commit of every file git tracks under `dirs` (absolute folders inside one repository). */
export function gitLastUpdates(dirs: string[], cwd: string): GitLastUpdates {
  const files = new Map<string, Required<LastUpdate>>();
  const git = (args: string[], at: string) => spawnSync('git', ['-c', 'core.quotePath=false', ...args], { cwd: at, encoding: 'utf8', maxBuffer: 1 << 30 });
  const top = git(['rev-parse', '--show-toplevel'], cwd);
  if (top.error) return { files, unavailable: 'git is not installed' };
  if (top.status !== 0) return { files, unavailable: `${cwd} is not in a git repository` };
  const root = top.stdout.trim();
  const log = git(['log', `--format=${RECORD}%ct${FIELD}%an`, '--name-only', '--no-renames', '--', ...dirs.map((d) => path.relative(root, d) || '.')], root);
  // A repository without commits yet: nothing is tracked.
  if (log.status !== 0) return { files };
  for (const record of log.stdout.split(RECORD)) {
    const lines = record.split('\n');
    const [seconds, author] = lines[0].split(FIELD);
    const at = Number(seconds) * 1000;
    if (!Number.isFinite(at)) continue;
    for (const name of lines.slice(1)) {
      if (!name) continue;
      const file = path.join(root, name);
      if (!files.has(file)) files.set(file, { at, by: author });
    }
  }
  return { files };
}

/** What a page shows: as its plugin's options ask, front matter `last_update` first, else the file's last commit. */
export function lastUpdateOf(params: {
  options: { showLastUpdateTime: boolean; showLastUpdateAuthor: boolean };
  given?: { date?: string | Date; author?: string };
  git?: LastUpdate;
}): { lastUpdate?: LastUpdate } {
  const { options, given, git } = params;
  const at = options.showLastUpdateTime ? (given?.date !== undefined ? new Date(given.date).getTime() : git?.at) : undefined;
  const by = options.showLastUpdateAuthor ? (given?.author ?? git?.by) : undefined;
  return at === undefined && by === undefined ? {} : { lastUpdate: { ...(at !== undefined ? { at } : {}), ...(by !== undefined ? { by } : {}) } };
}

/** The one warning of a plugin whose last updates git cannot give (`what`: "docs", "blog posts"; `option`: where the options are). */
export function lastUpdatesUnavailable(params: { unavailable: string; what: string; option: string }): Problem {
  return {
    message: `Cannot show when ${params.what} were last updated: ${params.unavailable}`,
    hint: `${params.option}.showLastUpdateTime and showLastUpdateAuthor read each file's last commit from git; front matter last_update gives it by hand.`,
  };
}
