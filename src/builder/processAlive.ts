// Whether a process id belongs to a running process: used to take over what a dead process left
// (a stale staging folder of this machine's builds).

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
