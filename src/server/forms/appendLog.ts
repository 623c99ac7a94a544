import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR_MARKER } from '../../builder/config/formsDataDir.js';

// A file of JSON lines that only grows. `append` resolves only once the line is written and
// fsync'ed, so an answer sent after it survives a crash of the process or of the machine.
// Concurrent appends share writes: while one write+fsync runs, the next lines queue up and go out
// together (group commit). A line cut short by a crash is never one that was acknowledged: the next
// open continues on a fresh line and readers skip it. Used by the submissions, the outbox and the
// subscription states.

/** Modes of the data folder (when this creates it) and of the files: the owner's only (personal details). */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

const MARKER_TEXT = 'This folder holds form submissions and the secret of their links (sitegen forms.dataDir): personal details, never to be published.\n';

/** Creates a data folder (0700) with its marker, when either is missing: before anything is stored in it. */
export function markDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  const marker = path.join(dir, DATA_DIR_MARKER);
  if (!fs.existsSync(marker)) fs.writeFileSync(marker, MARKER_TEXT, { mode: FILE_MODE });
}

/** At most this many bytes go out in one write. */
const BATCH_BYTES = 1024 * 1024;

interface Pending {
  line: string;
  resolve: () => void;
  reject: (e: unknown) => void;
}

export class AppendLog {
  private queue: Pending[] = [];
  private flushing: Promise<void> | undefined;
  private handle: Promise<fs.promises.FileHandle> | undefined;

  constructor(readonly file: string) {}

  /** Appends one value as a JSON line; resolves once it is on disk. */
  append(value: unknown): Promise<void> {
    return this.appendLine(`${JSON.stringify(value)}\n`);
  }

  /** Appends several values in one write: on disk together or (after a crash) the torn rest skipped. */
  appendAll(values: unknown[]): Promise<void> {
    return this.appendLine(values.map((v) => `${JSON.stringify(v)}\n`).join(''));
  }

  private appendLine(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ line, resolve, reject });
      this.flushing ??= this.flush().finally(() => (this.flushing = undefined));
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length) {
      let bytes = 0;
      let n = 0;
      while (n < this.queue.length && (n === 0 || bytes + this.queue[n].line.length < BATCH_BYTES)) bytes += this.queue[n++].line.length;
      const batch = this.queue.splice(0, n);
      try {
        const fh = await this.open();
        const data = Buffer.from(batch.map((p) => p.line).join(''));
        let written = 0;
        while (written < data.length) written += (await fh.write(data, written)).bytesWritten;
        await fh.sync();
        for (const p of batch) p.resolve();
      } catch (e) {
        // The file may be in an unknown state: reopen it for the next batch.
        this.handle = undefined;
        for (const p of batch) p.reject(e);
      }
    }
  }

  private open(): Promise<fs.promises.FileHandle> {
    this.handle ??= (async () => {
      const dir = path.dirname(this.file);
      // Only the receiver's user may read these files (a folder this creates is 0700, the files 0600,
      // also one an older version left readable to all).
      markDataDir(dir);
      const existed = fs.existsSync(this.file);
      const fh = await fs.promises.open(this.file, 'a+', FILE_MODE);
      if (existed) {
        if (((await fh.stat()).mode & 0o777) !== FILE_MODE) await fh.chmod(FILE_MODE);
        // A crash in the middle of a write can leave a partial last line: start on a fresh line.
        const { size } = await fh.stat();
        if (size > 0) {
          const last = Buffer.alloc(1);
          await fh.read(last, 0, 1, size - 1);
          if (last[0] !== 0x0a) await fh.write('\n');
        }
      } else {
        await syncDir(dir);
      }
      return fh;
    })();
    return this.handle;
  }

  async close(): Promise<void> {
    await this.flushing;
    const fh = await this.handle?.catch(() => undefined);
    this.handle = undefined;
    await fh?.close();
  }
}

/** A new file's name is durable only once its folder is fsync'ed too. */
export async function syncDir(dir: string): Promise<void> {
  let fh: fs.promises.FileHandle | undefined;
  try {
    fh = await fs.promises.open(dir, 'r');
    await fh.sync();
  } catch {
    // Some systems cannot fsync a folder; the file's own fsync still holds its content.
  } finally {
    await fh?.close();
  }
}

/** The whole lines of a log from byte `from` on: parsed values, lines cut short (skipped) and where the next read starts. */
export function readLogLines<T>(file: string, from = 0): { values: T[]; damaged: number; next: number } {
  if (!fs.existsSync(file)) return { values: [], damaged: 0, next: 0 };
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size <= from) return { values: [], damaged: 0, next: Math.min(from, size) };
    const buf = Buffer.alloc(size - from);
    let read = 0;
    while (read < buf.length) {
      const n = fs.readSync(fd, buf, read, buf.length - read, from + read);
      if (!n) break;
      read += n;
    }
    // Only up to the last newline: a line still being written is read next time.
    const end = buf.lastIndexOf(0x0a, read - 1) + 1;
    const values: T[] = [];
    let damaged = 0;
    for (const line of buf.subarray(0, end).toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        values.push(JSON.parse(line) as T);
      } catch {
        damaged++;
      }
    }
    return { values, damaged, next: from + end };
  } finally {
    fs.closeSync(fd);
  }
}
