// A Chromium process driven through the DevTools protocol on a pipe (--remote-debugging-pipe: commands
// and replies as JSON, each ended by a NUL byte, on file descriptors 3 and 4), with nothing between:
// the drawing needs five kinds of command, and playwright-core, which drove it before, is 7 MB of code
// that the build loaded for them (0.7 s of CPU on the two-core build machine, before Chromium was even
// started, and a thread of its own so that its launch could move while the parse ran). Here the
// process is spawned at once and starts on its own; the commands are written to the pipe as they
// come, Chromium reads them when it is up.
import { spawn, type ChildProcess } from 'node:child_process';

/** A protocol event: `sessionId` names the page it comes from (absent: the browser's own). */
export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

export class CdpPipe {
  private readonly child: ChildProcess;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Set<(e: CdpEvent) => void>();
  private stderr = '';
  private gone?: Error;
  /** Resolves once the process has ended (killed, crashed, or never started). */
  readonly exited: Promise<void>;
  /** Rejects once the process has ended, with why (and what it last wrote to stderr). */
  readonly ended: Promise<never>;

  /**
   * Starts `executable` (in a process group of its own, so that `kill` ends its helpers too), with
   * `tmpDir` as its temporary folder: Chromium leaves a folder of its own there (its singleton socket,
   * org.chromium.Chromium.*) when it is killed, one per browser in /tmp otherwise.
   */
  constructor(executable: string, args: string[], tmpDir?: string) {
    const env = tmpDir ? { ...process.env, TMPDIR: tmpDir } : process.env;
    this.child = spawn(executable, [...args, '--remote-debugging-pipe'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true, env });
    const [, , err, toBrowser, fromBrowser] = this.child.stdio;
    // Its last words, for the message of a browser that did not start.
    err!.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString('utf8')).slice(-2000)));
    let pending = '';
    fromBrowser!.on('data', (d: Buffer) => {
      pending += d.toString('utf8');
      for (let end = pending.indexOf('\0'); end >= 0; end = pending.indexOf('\0')) {
        this.receive(JSON.parse(pending.slice(0, end)) as Message);
        pending = pending.slice(end + 1);
      }
    });
    // A browser that died takes the pipe with it: writes fail with EPIPE, which `exited` reports.
    toBrowser!.on('error', () => undefined);
    fromBrowser!.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      const end = (why: string) => {
        // Gone by itself: nothing is left to kill when this process exits.
        process.off('exit', this.killNow);
        this.fail(new Error(`${why}${this.stderr.trim() ? `\n${this.stderr.trim()}` : ''}`));
        resolve();
      };
      this.child.once('error', (e) => end(`${executable} did not start: ${e.message}`));
      this.child.once('exit', (code, signal) => end(`${executable} exited (${signal ?? `code ${code}`})`));
    });
    this.ended = this.exited.then(() => {
      throw this.gone!;
    });
    this.ended.catch(() => undefined);
    process.once('exit', this.killNow);
  }

  /** Sends a command (to the page of `sessionId`, else to the browser); resolves with its result. */
  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = ++this.nextId;
    const answer = new Promise<T>((resolve, reject) => this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }));
    (this.child.stdio[3] as NodeJS.WritableStream).write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return answer;
  }

  /** Calls `listener` with every event until it returns true. */
  on(listener: (e: CdpEvent) => boolean | void): void {
    const once = (e: CdpEvent) => {
      if (listener(e)) this.listeners.delete(once);
    };
    this.listeners.add(once);
  }

  /** Whether the browser keeps this process alive (its process and pipes): not while it is kept idle between builds (kept.ts). */
  hold(on: boolean): void {
    const [, , err, toBrowser, fromBrowser] = this.child.stdio as unknown as ({ ref(): void; unref(): void } | null)[];
    for (const handle of [this.child, err, toBrowser, fromBrowser]) {
      if (on) handle?.ref();
      else handle?.unref();
    }
  }

  /**
   * Ends the browser and its helpers at once (SIGKILL to its process group): nothing of its state
   * is kept, so a graceful close (profile written, processes told one by one) would be CPU for nothing.
   */
  async kill(): Promise<void> {
    this.killNow();
    await this.exited;
  }

  private readonly killNow = () => {
    process.off('exit', this.killNow);
    if (this.child.pid !== undefined && this.child.exitCode === null && this.child.signalCode === null) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };

  private receive(message: Message): void {
    if (message.id === undefined) {
      for (const listener of [...this.listeners]) listener(message as CdpEvent);
      return;
    }
    const waiter = this.waiting.get(message.id);
    this.waiting.delete(message.id);
    if (message.error) waiter?.reject(new Error(`${message.error.message}${message.error.data ? `: ${message.error.data}` : ''}`));
    else waiter?.resolve(message.result);
  }

  private fail(error: Error): void {
    this.gone ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
    this.listeners.clear();
  }
}

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: unknown;
  error?: { message: string; data?: string };
}
