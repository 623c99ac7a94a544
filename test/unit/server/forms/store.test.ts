import { describe, it, expect, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SubmissionStore, readSubmissions } from '../../../../src/server/forms/store.js';

const dirs: string[] = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-store-'));
  dirs.push(d);
  return path.join(d, 'nested', 'forms');
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const submission = (i: number, form = 'subscribe') => ({ id: `id-${i}`, form, receivedAt: new Date(0).toISOString(), data: { email: `u${i}@example.com` } });

describe('SubmissionStore', () => {
  it('appends concurrent submissions as whole lines, each resolved once on disk', async () => {
    const dataDir = tmpDir();
    const store = new SubmissionStore(dataDir);
    await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        store.append(submission(i)).then(() => {
          // Resolved means written: the line is in the file already.
          expect(fs.readFileSync(store.fileOf('subscribe'), 'utf8')).toContain(`"id-${i}"`);
        }),
      ),
    );
    await store.close();
    const { records, damaged } = readSubmissions({ dataDir, form: 'subscribe' });
    expect(damaged).toBe(0);
    expect(records.map((r) => r.id).sort()).toEqual(Array.from({ length: 500 }, (_, i) => `id-${i}`).sort());
  });

  it('keeps the submissions to their owner: folder 0700, files 0600, also a file an older version left 0644', async () => {
    const dataDir = tmpDir();
    const store = new SubmissionStore(dataDir);
    await store.append(submission(1));
    fs.writeFileSync(store.fileOf('questionnaire'), '', { mode: 0o644 });
    fs.chmodSync(store.fileOf('questionnaire'), 0o644);
    await store.append(submission(2, 'questionnaire'));
    await store.close();
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(store.fileOf('subscribe')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(store.fileOf('questionnaire')).mode & 0o777).toBe(0o600);
  });

  it('keeps one file per form', async () => {
    const dataDir = tmpDir();
    const store = new SubmissionStore(dataDir);
    await Promise.all([store.append(submission(1, 'subscribe')), store.append(submission(2, 'questionnaire'))]);
    await store.close();
    // And the marker of a data folder (which no static copy publishes).
    expect(fs.readdirSync(dataDir).sort()).toEqual(['.sitegen-forms-data', 'questionnaire.jsonl', 'subscribe.jsonl']);
  });

  it('starts on a fresh line after a line cut short by a crash, and skips the damaged line when reading', async () => {
    const dataDir = tmpDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'subscribe.jsonl'), `${JSON.stringify(submission(1))}\n{"id":"id-2","form":"sub`);
    const store = new SubmissionStore(dataDir);
    await store.append(submission(3));
    await store.close();
    const { records, damaged } = readSubmissions({ dataDir, form: 'subscribe' });
    expect(records.map((r) => r.id)).toEqual(['id-1', 'id-3']);
    expect(damaged).toBe(1);
  });

  it('rejects the submissions it cannot write', async () => {
    const dataDir = tmpDir();
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    fs.writeFileSync(dataDir, 'a file where the folder should be');
    const store = new SubmissionStore(dataDir);
    await expect(store.append(submission(1))).rejects.toThrow();
    await store.close();
  });
});
