import fs from 'node:fs';
import path from 'node:path';
import { AppendLog } from './appendLog.js';

export { DIR_MODE, FILE_MODE } from './appendLog.js';

// Accepted submissions, one JSON object per line in <dataDir>/<form>.jsonl (an AppendLog: `append`
// resolves only once the line is written and fsync'ed, concurrent submissions share writes).

export interface StoredSubmission {
  id: string;
  form: string;
  receivedAt: string;
  /** The language of the page it was sent from. */
  locale?: string;
  data: Record<string, unknown>;
}

export class SubmissionStore {
  private readonly logs = new Map<string, AppendLog>();

  constructor(readonly dataDir: string) {}

  fileOf(form: string): string {
    return path.join(this.dataDir, `${form}.jsonl`);
  }

  /** Resolves once the submission is on disk (written and fsync'ed). */
  append(submission: StoredSubmission): Promise<void> {
    let log = this.logs.get(submission.form);
    if (!log) this.logs.set(submission.form, (log = new AppendLog(this.fileOf(submission.form))));
    return log.append(submission);
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
