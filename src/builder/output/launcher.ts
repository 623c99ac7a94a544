// `sitegen build` runs in a second node process started by bin/sitegen.js (see NODE_FLAGS). When
// that launcher is killed (kill -9 leaves no chance to pass a signal on), the build must die with it
// and never replace the output afterwards: the child watches its parent process id.

let watched: number | undefined;
let gone = false;

/** Whether the launcher this process was started by is gone (always false when not watching). */
export function launcherGone(): boolean {
  if (!gone && watched !== undefined && process.ppid !== watched) gone = true;
  return gone;
}

/**
 * Watches the launcher: when it is gone (this process was handed to another parent), `onGone` runs
 * once. The check also runs synchronously before the output is swapped in (DirSink.commit), so a
 * build busy in a long synchronous step when its launcher dies still never commits.
 */
export function watchLauncher(params: { pid: number; onGone: () => void; intervalMs?: number }): void {
  watched = params.pid;
  const check = () => {
    if (!launcherGone()) return;
    clearInterval(timer);
    params.onGone();
  };
  const timer = setInterval(check, params.intervalMs ?? 200);
  timer.unref();
  check();
}
