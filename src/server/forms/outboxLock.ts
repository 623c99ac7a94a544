import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DIR_MODE, FILE_MODE } from './appendLog.js';

// The sending lock of a data folder (<dataDir>/outbox.lock): of the receivers sharing the folder, one
// delivers at a time. The file holds a random token of its holder, which touches it every few seconds
// (heartbeat); a lock not touched for `staleMs` belongs to a holder that is gone and is taken over.
// Nothing trusts a pid: a restarted container is pid 1 again, and two containers sharing the folder
// both are pid 1. A holder that finds its token gone (taken over while it was stalled) stops sending.

export interface LockTiming {
  /** A lock not touched for this long is stale. */
  staleMs: number;
  /** How often the holder touches it (well under `staleMs`). */
  heartbeatMs: number;
}

export const DEFAULT_LOCK_TIMING: LockTiming = { staleMs: 30_000, heartbeatMs: 5_000 };

export type LockAttempt = { held: true; tookOver?: { holder: string; ageMs: number } } | { held: false; holder: string; lost?: boolean };

export class OutboxLock {
  private readonly content = `${crypto.randomBytes(16).toString('hex')} pid ${process.pid} on ${os.hostname()}\n`;
  private held = false;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    readonly file: string,
    private readonly timing: LockTiming = DEFAULT_LOCK_TIMING,
  ) {}

  /** Holds the lock (taking it when free or stale), or says who holds it; `lost` when it was this one's. */
  acquire(): LockAttempt {
    if (this.held) {
      if (this.stillHeld()) return { held: true };
      this.stopHeartbeat();
      // Another holder's now; a lock removed by hand is simply taken again.
      const holder = this.read();
      if (holder !== undefined) return { held: false, holder: holder.trim(), lost: true };
    }
    let tookOver: { holder: string; ageMs: number } | undefined;
    for (let tries = 0; tries < 3; tries++) {
      try {
        fs.writeFileSync(this.file, this.content, { flag: 'wx', mode: FILE_MODE });
        this.held = true;
        this.heartbeat = setInterval(() => this.touch(), this.timing.heartbeatMs);
        this.heartbeat.unref();
        return { held: true, tookOver };
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') {
          fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: DIR_MODE });
          continue;
        }
        if (code !== 'EEXIST') throw e;
      }
      const holder = this.read();
      const age = this.ageOf(this.file);
      if (holder === undefined || age === undefined) continue;
      if (age <= this.timing.staleMs) return { held: false, holder: holder.trim() };
      if (this.removeStale(holder)) tookOver = { holder: holder.trim(), ageMs: age };
    }
    return { held: false, holder: this.read()?.trim() ?? '' };
  }

  /** Whether the file still holds this holder's token. */
  stillHeld(): boolean {
    return this.held && this.read() === this.content;
  }

  /** Lets go of the lock (when still this one's). */
  release(): void {
    if (!this.held) return;
    const mine = this.stillHeld();
    this.stopHeartbeat();
    if (mine) fs.rmSync(this.file, { force: true });
  }

  /**
   * Removes the stale lock `holder` wrote; true when this call removed it. Moved aside first (a rename
   * is atomic): of several contenders one moves it, and one that moved a fresh lock instead (taken
   * over and renewed in between) puts it back.
   */
  private removeStale(holder: string): boolean {
    const aside = `${this.file}.${this.content.slice(0, 32)}`;
    try {
      fs.renameSync(this.file, aside);
    } catch {
      return false;
    }
    try {
      const age = this.ageOf(aside);
      if (fs.readFileSync(aside, 'utf8') === holder && age !== undefined && age > this.timing.staleMs) return true;
      fs.linkSync(aside, this.file);
      return false;
    } catch {
      // Another lock was made meanwhile: its holder is the one; the one moved aside finds its token gone.
      return false;
    } finally {
      fs.rmSync(aside, { force: true });
    }
  }

  private touch(): void {
    // Taken over: stop touching what is another's; the next acquire says the lock was lost.
    if (!this.stillHeld()) return clearInterval(this.heartbeat);
    const now = new Date();
    try {
      fs.utimesSync(this.file, now, now);
    } catch {
      // Gone meanwhile: the next acquire says the lock was lost.
    }
  }

  private stopHeartbeat(): void {
    this.held = false;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private read(): string | undefined {
    try {
      return fs.readFileSync(this.file, 'utf8');
    } catch {
      return undefined;
    }
  }

  private ageOf(file: string): number | undefined {
    try {
      return Date.now() - fs.statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
  }
}
