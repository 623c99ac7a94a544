import fs from 'node:fs';

// For the tests that kill a command at a moment of its work (a temporary file there, a file renamed):
// they poll for the moment without yielding, as some steps take a few milliseconds, but a poll that
// spins from the start holds a core the whole time node starts and the command reads the site, on a
// two-core machine the core that command or the other test file needs. Watched folders (inotify) wake
// the test at the command's first change instead, and the poll goes on from there, pausing a fifth of a
// millisecond between looks (`pauseBriefly`): still a look every quarter of a millisecond or so, well
// inside the few milliseconds a step takes, without the spin holding a core the whole time the command
// copies its files (the spins of the docs:version and write-translations kill tests were most of those
// tests' own CPU, while their commands needed it).

/** Watches the folders of `dirs` that exist, from now on (before the command starts): `changed` resolves
 *  at the first entry made, renamed, removed or written in one of them; `close` stops watching. */
export function watchFirstChange(dirs: string[]): { changed: Promise<void>; close(): void } {
  const watchers = dirs.filter((dir) => fs.existsSync(dir)).map((dir) => fs.watch(dir));
  const changed = new Promise<void>((resolve) => {
    for (const watcher of watchers) watcher.once('change', () => resolve());
  });
  return { changed, close: () => watchers.forEach((w) => w.close()) };
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Blocks this thread for about a fifth of a millisecond without spinning: the pause of a tight poll. */
export function pauseBriefly(): void {
  Atomics.wait(sleeper, 0, 0, 0.2);
}
