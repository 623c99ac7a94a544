import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { writeSite } from '../../../helpers/buildFixture.js';
import { startSmtp, type TestSmtp } from '../../../helpers/smtp.js';
import { startFormsReceiver, mailSiteConfig, type StartedReceiver } from '../../../helpers/formsReceiver.js';
import { readSubmissions, readOutbox } from '../../../../src/server/forms/index.js';
import { readLogLines } from '../../../../src/server/forms/appendLog.js';

// `sitegen forms` killed with SIGKILL in the middle of 500 submissions while it is sending their
// mails to a real SMTP server on loopback, then started again: every acknowledged submission is
// stored, every mail of one is delivered, a mail is delivered twice only if it was on the wire at the
// moment of the kill (and then with the same Message-ID), and no line of the data files is torn.

let smtp: TestSmtp;
let siteDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  siteDir = writeSite({
    'site.config.ts': mailSiteConfig({ transport: 'CRASH_TEST_SMTP_URL', ratePerMinute: 100000, retryMaxSeconds: 0.5, mailPerHour: 100000 }),
  });
});

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await smtp.stop();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

function startReceiver(): Promise<StartedReceiver> {
  return startFormsReceiver({ siteDir, config: path.join(siteDir, 'site.config.ts'), env: { ...process.env, CRASH_TEST_SMTP_URL: smtp.url }, children });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

function post(url: string, value: unknown): Promise<number> {
  const body = JSON.stringify(value);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const booking = (i: number) => ({
  name: `Visitor ${i}`,
  phone: '+86 138 0013 8000',
  email: `b${i}@example.com`,
  company: 'Acme',
  problem: 'device-connection',
  familiarity: 'some-knowledge',
  source: 'social-media',
});

describe('form mail after a crash', () => {
  it('delivers the mails of every acknowledged submission after a SIGKILL mid-load of 500, none twice but those on the wire', async () => {
    const dataDir = path.join(siteDir, 'data');
    const first = await startReceiver();
    const acknowledged: { form: 'questionnaire' | 'subscribe'; email: string }[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < 500) {
        const i = next++;
        const form = i % 2 ? 'subscribe' : 'questionnaire';
        const email = form === 'subscribe' ? `s${i}@example.com` : `b${i}@example.com`;
        try {
          const status = await post(`${first.base}/${form}`, form === 'subscribe' ? { email } : booking(i));
          if (status === 201) acknowledged.push({ form, email });
        } catch {
          // The process died with this request: it was never acknowledged.
        }
        if (!killed && acknowledged.length >= 200) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await first.exited;
    expect(killed).toBe(true);
    // The killed sender's lock is taken over once it has not been refreshed for 30 s: age it by that
    // much rather than wait.
    const lockFile = path.join(dataDir, 'outbox.lock');
    const stale = new Date(Date.now() - 60_000);
    if (fs.existsSync(lockFile)) fs.utimesSync(lockFile, stale, stale);
    // Some mails were delivered before the kill, not all of them.
    const before = smtp.delivered.length;

    const second = await startReceiver();
    // What the first process took and the second gets after it (they are submissions like the others).
    for (let i = 500; i < 520; i++) {
      const form = i % 2 ? 'subscribe' : 'questionnaire';
      const email = form === 'subscribe' ? `s${i}@example.com` : `b${i}@example.com`;
      expect(await post(`${second.base}/${form}`, form === 'subscribe' ? { email } : booking(i))).toBe(201);
      acknowledged.push({ form, email });
    }

    // Every acknowledged submission is stored.
    const stored = new Set(['questionnaire', 'subscribe'].flatMap((form) => readSubmissions({ dataDir, form }).records.map((r) => r.data.email as string)));
    expect(acknowledged.filter((a) => !stored.has(a.email))).toEqual([]);

    // Its mails arrive: the visitor's and the team's for a booking, the confirmation for a subscription.
    const expected = acknowledged.flatMap((a) => (a.form === 'questionnaire' ? [`visitor ${a.email}`, `team ${a.email}`] : [`confirm ${a.email}`]));
    const keyOf = (d: (typeof smtp.delivered)[number]) =>
      d.envelopeTo[0] === 'team@gizmo.test' ? `team ${d.mail.replyTo?.value[0].address}` : d.envelopeTo[0].startsWith('s') ? `confirm ${d.envelopeTo[0]}` : `visitor ${d.envelopeTo[0]}`;
    const end = Date.now() + 40_000;
    for (;;) {
      const got = new Set(smtp.delivered.map(keyOf));
      const missing = expected.filter((k) => !got.has(k));
      if (!missing.length) break;
      if (Date.now() > end) throw new Error(`${missing.length} mails never arrived, e.g. ${missing.slice(0, 5).join('; ')} (${before} before the kill, ${smtp.delivered.length} in all)`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // And the outbox says every mail is sent.
    for (let t = Date.now(); [...readOutbox(dataDir).entries.values()].some((e) => e.state !== 'sent') && Date.now() - t < 10_000;) await new Promise((r) => setTimeout(r, 50));
    expect([...readOutbox(dataDir).entries.values()].filter((e) => e.state !== 'sent')).toEqual([]);
    // Stopped as Ctrl-C stops it: it waits for the deliveries under way, so what the server has now is all it gets.
    second.child.kill('SIGTERM');
    await second.exited;

    // Twice only what was on the wire at the kill (at most the sender's 4 connections), with one Message-ID.
    const byId = new Map<string, string[]>();
    for (const d of smtp.delivered) byId.set(d.mail.messageId!, [...(byId.get(d.mail.messageId!) ?? []), keyOf(d)]);
    const twice = [...byId.values()].filter((keys) => keys.length > 1);
    expect(twice.length).toBeLessThanOrEqual(4);
    for (const keys of twice) expect(new Set(keys).size).toBe(1);
    expect(byId.size).toBe(readOutbox(dataDir).entries.size);

    // No torn line in any data file.
    for (const file of fs.readdirSync(dataDir).filter((f) => f.endsWith('.jsonl'))) {
      const text = fs.readFileSync(path.join(dataDir, file), 'utf8');
      expect(readLogLines(path.join(dataDir, file)).damaged, file).toBe(0);
      expect(text.endsWith('\n'), file).toBe(true);
    }
  }, 90_000);
});
