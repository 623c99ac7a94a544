import fs from 'node:fs';

// For the tests that kill a command at a moment of its work (a temporary file there, a file renamed):
// they poll for the moment without yielding, as some steps take a few milliseconds, but a poll that
// spins from the start holds a core the whole time node starts and the command reads the site, on a
// two-core machine the core that command or the other test file needs. Watched folders (inotify) wake
// the test at the command's first change instead, and the poll spins from there.

/** Watches the folders of `dirs` that exist, from now on (before the command starts): `changed` resolves
 *  at the first entry made, renamed, removed or written in one of them; `close` stops watching. */
export function watchFirstChange(dirs: string[]): { changed: Promise<void>; close(): void } {
  const watchers = dirs.filter((dir) => fs.existsSync(dir)).map((dir) => fs.watch(dir));
  const changed = new Promise<void>((resolve) => {
    for (const watcher of watchers) watcher.once('change', () => resolve());
  });
  return { changed, close: () => watchers.forEach((w) => w.close()) };
}
