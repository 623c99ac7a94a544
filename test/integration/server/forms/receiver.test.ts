import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { writeSite, configImport } from '../../../helpers/buildFixture.js';
import { repoRoot } from '../../../helpers/paths.js';
import { runCliInProcess } from '../../../helpers/cliInProcess.js';
import { startFormsReceiver, type StartedReceiver } from '../../../helpers/formsReceiver.js';
import { rawRequest } from '../../../helpers/rawHttp.js';
import { readSubmissions } from '../../../../src/server/forms/index.js';

// The form receiver as users run it, `sitegen forms` in its own process: bursts of concurrent
// submissions, a crash in the middle of a load, and every kind of bad input. Loopback only.

const bin = path.join(repoRoot, 'bin/sitegen.js');
const schemasModule = path.join(repoRoot, 'content/pages/_forms/schemas.ts');

let siteDir: string;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  siteDir = writeSite({
    'site.config.ts': `${configImport}
export default {
  title: 'Forms test', url: 'https://forms.test', docs: false, pages: false,
  forms: { schemas: ${JSON.stringify(schemasModule)}, dataDir: 'data', ratePerMinute: 100000 },
} satisfies SiteConfigInput;`,
  });
  dataDir = path.join(siteDir, 'data');
});

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  fs.rmSync(siteDir, { recursive: true, force: true });
});

/** Starts `sitegen forms` on a free port and returns its base url once it listens. */
function startReceiver(extraConfig?: string): Promise<StartedReceiver> {
  return startFormsReceiver({ siteDir, config: extraConfig ?? path.join(siteDir, 'site.config.ts'), children });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(
  url: string,
  body: string,
  headers: Record<string, string> = { 'Content-Type': 'application/json' },
): Promise<{ status: number; json: { id?: string; errors?: Record<string, string>; error?: string } }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'Content-Length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString() || '{}') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const subscriber = (i: number) => JSON.stringify({ email: `reader${i}@example.com` });

describe('sitegen forms', () => {
  it('stores exactly 1,000 concurrent valid submissions, and exports them', async () => {
    const { child, base, exited } = await startReceiver();
    const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => post(`${base}/subscribe`, subscriber(i))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1000);
    const { records, damaged } = readSubmissions({ dataDir, form: 'subscribe' });
    expect(damaged).toBe(0);
    expect(records).toHaveLength(1000);
    expect(new Set(records.map((r) => r.data.email)).size).toBe(1000);
    expect(new Set(records.map((r) => r.id))).toEqual(new Set(results.map((r) => r.json.id)));
    child.kill('SIGTERM');
    await exited;

    // The data holds personal details: the folder and the file are the owner's only.
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'subscribe.jsonl')).mode & 0o777).toBe(0o600);

    // Run from another folder, so that only --config (after the subcommand, or before it on `forms`) finds the site.
    const elsewhere = repoRoot;
    // The CLI's entry in this process (test/helpers/cliInProcess.ts); `forms export`'s exit code through the process is tested below.
    const csv = await runCliInProcess(['forms', 'export', 'subscribe', '--config', path.join(siteDir, 'site.config.ts'), '--format', 'csv'], { cwd: elsewhere });
    expect(csv.stderr).toContain('1000 submissions of "subscribe"');
    expect(csv.status).toBe(0);
    const lines = csv.stdout.trim().split('\r\n');
    // The CSV names the field as the form does (the schemas module's labels, in the site's default language).
    expect(lines[0]).toBe('id,receivedAt,Email address');
    expect(lines).toHaveLength(1001);
    const json = await runCliInProcess(['forms', '-c', path.join(siteDir, 'site.config.ts'), 'export', 'subscribe', '--format', 'json'], { cwd: elsewhere });
    expect(JSON.parse(json.stdout)).toHaveLength(1000);
    const out = path.join(siteDir, 'export.json');
    const file = await runCliInProcess(['forms', 'export', 'subscribe', '-c', path.join(siteDir, 'site.config.ts'), '--format', 'json', '--output', out], { cwd: elsewhere });
    expect(file.status).toBe(0);
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toHaveLength(1000);
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged submission when the receiver is killed in the middle of a load', async () => {
    const { child, base } = await startReceiver();
    const acknowledged = new Set<string>();
    let sent = 0;
    let killed = false;
    const worker = async (w: number) => {
      for (let i = 0; i < 200 && !killed; i++) {
        const email = `crash${w}-${i}@example.com`;
        sent++;
        try {
          const r = await post(`${base}/subscribe`, JSON.stringify({ email }));
          if (r.status === 201) acknowledged.add(email);
        } catch {
          // The connection died with the process: this one was never acknowledged.
        }
        if (acknowledged.size >= 300 && !killed) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, w) => worker(w)));
    expect(killed).toBe(true);
    expect(acknowledged.size).toBeGreaterThanOrEqual(300);
    const { records } = readSubmissions({ dataDir, form: 'subscribe' });
    const stored = new Set(records.map((r) => r.data.email as string));
    const lost = [...acknowledged].filter((e) => !stored.has(e));
    expect(lost).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(acknowledged.size);
    // The receiver is gone: a request now fails instead of being acknowledged.
    await expect(post(`${base}/subscribe`, subscriber(424242))).rejects.toThrow();

    // A new receiver picks up the same file, a torn last line included, and keeps appending.
    const again = await startReceiver();
    expect((await post(`${again.base}/subscribe`, subscriber(99999))).status).toBe(201);
    const after = readSubmissions({ dataDir, form: 'subscribe' });
    expect(after.records.map((r) => r.data.email)).toContain('reader99999@example.com');
    expect(after.records.length).toBeGreaterThanOrEqual(records.length + 1);
    again.child.kill('SIGTERM');
    await again.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 413 to a large upload every time: it reads the body (up to a bound) before it closes, so the client sees the answer', async () => {
    const { child, base, exited } = await startReceiver();
    const { port, pathname } = new URL(`${base}/subscribe`);
    // 1 MB sent 16 KB at a time as a browser uploads: answered and closed while the client was still
    // sending, the connection was reset and the 413 lost (3 to 7 of 10 tries before the fix).
    const big = JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(1024 * 1024) });
    const chunked = `${Buffer.byteLength(big).toString(16)}\r\n${big}\r\n0\r\n\r\n`;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const declared = await rawRequest({
        port: Number(port),
        target: pathname,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(big.length) },
        body: big,
        paced: true,
      });
      const streamed = await rawRequest({
        port: Number(port),
        target: pathname,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        body: chunked,
        paced: true,
      });
      statuses.push(declared.status, streamed.status);
      expect(JSON.parse(declared.body.toString())).toEqual({ ok: false, error: 'form.error.tooLarge' });
    }
    expect(statuses).toEqual(Array(20).fill(413));
    expect(readSubmissions({ dataDir, form: 'subscribe' }).records).toEqual([]);
    child.kill('SIGTERM');
    await exited;
  });

  it('answers bad input, oversize bodies and floods with their 4xx and stores nothing', async () => {
    const limited = path.join(siteDir, 'limited.config.ts');
    fs.writeFileSync(limited, fs.readFileSync(path.join(siteDir, 'site.config.ts'), 'utf8').replace('ratePerMinute: 100000', 'ratePerMinute: 20'));
    const { child, base, exited } = await startReceiver(limited);
    const questionnaire = { name: 'Ada', phone: '+44 20 7946 0958', email: 'ada@example.com', company: 'Acme', problem: 'device-management', familiarity: 'master', source: 'introduced-by-others' };
    const bad: [string, string, Record<string, string> | undefined, number][] = [
      ['malformed JSON', '{"email": ', undefined, 400],
      ['not an object', '"ada@example.com"', undefined, 400],
      ['wrong type', JSON.stringify({ ...questionnaire, phone: 4420 }), undefined, 400],
      ['missing fields', JSON.stringify({ name: 'Ada' }), undefined, 400],
      ['unknown choice', JSON.stringify({ ...questionnaire, problem: 'everything' }), undefined, 400],
      ['oversize body', JSON.stringify({ ...questionnaire, company: 'x'.repeat(20_000) }), undefined, 413],
      ['not JSON nor a form', 'name=Ada', { 'Content-Type': 'text/plain' }, 415],
    ];
    const started = Date.now();
    for (const [what, body, headers, status] of bad) {
      const r = await post(`${base}/questionnaire`, body, headers);
      expect(r.status, what).toBe(status);
    }
    const missing = await post(`${base}/questionnaire`, JSON.stringify({ name: 'Ada' }));
    expect(missing.json.errors).toMatchObject({ phone: 'form.error.required', email: 'form.error.required', problem: 'form.error.required' });
    expect(readSubmissions({ dataDir, form: 'questionnaire' }).records).toEqual([]);
    // The bad requests above used 9 of the 20 allowed this minute (one more comes back every 3 s):
    // of a flood of 40, 11 get through, and one more per 3 s the test has taken so far.
    const flood = await Promise.all(Array.from({ length: 40 }, (_, i) => post(`${base}/subscribe`, subscriber(i))));
    const accepted = flood.filter((r) => r.status === 201).length;
    expect(accepted).toBeGreaterThanOrEqual(11);
    expect(accepted).toBeLessThanOrEqual(11 + Math.ceil((Date.now() - started) / 3000));
    expect(flood.filter((r) => r.status === 429)).toHaveLength(40 - accepted);
    expect(readSubmissions({ dataDir, form: 'subscribe' }).records).toHaveLength(accepted);
    child.kill('SIGTERM');
    await exited;
  });
});

describe('sitegen forms export', () => {
  it('refuses a name that leaves the data folder, reading nothing', async () => {
    const siteDir = writeSite({ 'site.config.ts': "export default { title: 'T', url: 'https://example.com' };\n", 'outside.jsonl': '{"id":"1","receivedAt":"x","data":{"secret":"do-not-export"}}\n' });
    fs.mkdirSync(path.join(siteDir, 'data/forms'), { recursive: true });
    for (const name of ['../../outside', '/etc/passwd', '..']) {
      const args = ['forms', 'export', name, '-c', path.join(siteDir, 'site.config.ts')];
      // The first as a person runs it (the exit code reaches the shell), the others through the CLI's entry in this process.
      const run = name === '../../outside' ? spawnSync(process.execPath, [bin, ...args], { cwd: siteDir, encoding: 'utf8' }) : await runCliInProcess(args, { cwd: siteDir });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Not a form name: "${name}"`);
      expect(run.stdout).not.toContain('do-not-export');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
