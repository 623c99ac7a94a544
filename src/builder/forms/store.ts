import fs from 'node:fs';
import path from 'node:path';

// Accepted submissions, one JSON object per line in <dataDir>/<form>.jsonl. `append` resolves only
// once the line is written and fsync'ed, so a 2xx sent after it survives a crash of the process or
// of the machine. Concurrent submissions share writes: while one write+fsync runs, the next lines
// queue up and go out together (group commit), which keeps a flood of submissions to a few fsyncs.

export interface StoredSubmission {
  id: string;
  form: string;
  receivedAt: string;
  data: Record<string, unknown>;
}

interface Pending {
  line: string;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** Modes of the data folder (when this creates it) and of the submission files: the owner's only. */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/** At most this many bytes go out in one write. */
const BATCH_BYTES = 1024 * 1024;

class FormLog {
  private queue: Pending[] = [];
  private flushing: Promise<void> | undefined;
  private handle: Promise<fs.promises.FileHandle> | undefined;

  constructor(private readonly file: string) {}

  append(line: string): Promise<void> {
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
      // Submissions hold personal details: only the receiver's user may read them (a folder this
      // creates is 0700, the files 0600, also one an older version left readable to all).
      await fs.promises.mkdir(dir, { recursive: true, mode: DIR_MODE });
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
async function syncDir(dir: string): Promise<void> {
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

export class SubmissionStore {
  private readonly logs = new Map<string, FormLog>();

  constructor(readonly dataDir: string) {}

  fileOf(form: string): string {
    return path.join(this.dataDir, `${form}.jsonl`);
  }

  /** Resolves once the submission is on disk (written and fsync'ed). */
  append(submission: StoredSubmission): Promise<void> {
    let log = this.logs.get(submission.form);
    if (!log) this.logs.set(submission.form, (log = new FormLog(this.fileOf(submission.form))));
    return log.append(`${JSON.stringify(submission)}\n`);
  }

  async close(): Promise<void> {
    await Promise.all([...this.logs.values()].map((l) => l.close()));
    this.logs.clear();
  }
}

/** Every stored submission of a form; lines cut short by a crash (never acknowledged) are counted, not returned. */
export function readSubmissions(params: { dataDir: string; form: string }): { records: StoredSubmission[]; damaged: number; file: string } {
  const file = path.join(params.dataDir, `${params.form}.jsonl`);
  if (!fs.existsSync(file)) return { records: [], damaged: 0, file };
  const records: StoredSubmission[] = [];
  let damaged = 0;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      records.push(JSON.parse(line) as StoredSubmission);
    } catch {
      damaged++;
    }
  }
  return { records, damaged, file };
}
