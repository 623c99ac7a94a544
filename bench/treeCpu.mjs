import fs from 'node:fs';

// The CPU time of this process and of every process it started (bench/child.mjs's cpuMs): esbuild's
// service process and the Chromium that draws diagrams do part of a build's work, and a process's own
// resource usage (process.resourceUsage) leaves them out. From /proc (Linux): this process's own time,
// its waited-for children's (cutime + cstime: a child that ended and was reaped, with the children it
// reaped, such as a closed Chromium), and every descendant still running with its own waited-for
// children (esbuild's service runs until this process exits and is never reaped by it). Elsewhere, the
// process's own time alone (`tree: false`).

const TICKS_PER_SECOND = 100; // USER_HZ, /proc's unit of CPU time on Linux

/** utime, stime, cutime, cstime of a process in ms, and its parent; undefined once it is gone. */
function times(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ms = (i) => (Number(f[i]) * 1000) / TICKS_PER_SECOND;
    return { ppid: Number(f[1]), own: ms(11) + ms(12), reaped: ms(13) + ms(14) };
  } catch {
    return undefined;
  }
}

/** { cpuMs, ownCpuMs, tree }: ms of CPU of this process and its descendants, and of this process alone. */
export function treeCpu() {
  const usage = process.resourceUsage();
  const ownCpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  const self = times(process.pid);
  if (!self) return { cpuMs: ownCpuMs, ownCpuMs, tree: false };
  const parents = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const t = times(Number(name));
    if (t) parents.set(Number(name), t);
  }
  let descendants = 0;
  const within = new Set([process.pid]);
  // A child's pid is larger than its parent's unless pids wrapped: loop until no process joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, t] of parents) {
      if (within.has(pid) || !within.has(t.ppid)) continue;
      within.add(pid);
      descendants += t.own + t.reaped;
      grew = true;
    }
  }
  return { cpuMs: ownCpuMs + self.reaped + descendants, ownCpuMs, tree: true };
}
