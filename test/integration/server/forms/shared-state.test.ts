import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { writeSite } from '../../../helpers/buildFixture.js';
import { startSmtp, type TestSmtp } from '../../../helpers/smtp.js';
import { startFormsReceiver, mailSiteConfig, type StartedReceiver } from '../../../helpers/formsReceiver.js';
import { readSubscribers } from '../../../../src/server/forms/index.js';
import { readLogLines } from '../../../../src/server/forms/appendLog.js';

// Two `sitegen forms` processes on one data folder (two containers behind a load balancer): the
// subscription states are the folder's, not a copy each process read when it started. A confirmation
// link of a subscription made on A works on B, and B keeps the cool-down of a mail A sent.

let smtp: TestSmtp;
let siteDir: string;
let a: StartedReceiver;
let b: StartedReceiver;
const children: ChildProcess[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  siteDir = writeSite({
    'site.config.ts': mailSiteConfig({ transport: 'SHARED_TEST_SMTP_URL' }),
  });
  const start = () => startFormsReceiver({ siteDir, config: path.join(siteDir, 'site.config.ts'), env: { ...process.env, SHARED_TEST_SMTP_URL: smtp.url }, children });
  // Both running before anything is stored: neither can have read it at start-up.
  [a, b] = await Promise.all([start(), start()]);
}, 60_000);

afterAll(async () => {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  await smtp.stop();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

function request(url: string, method: string, body?: unknown): Promise<{ status: number; location?: string }> {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false, headers: text ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

const eventsOf = (email: string) => readLogLines<{ email: string; state: string }>(path.join(siteDir, 'data/subscribe.subscriptions.jsonl')).values.filter((e) => e.email === email);

describe('two receivers on one data folder', () => {
  it('confirms on B a subscription made on A', async () => {
    expect((await request(`${a.base}/subscribe`, 'POST', { email: 'ann@example.com' })).status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    const token = /\/subscribe\/confirm\?t=([A-Za-z0-9_.-]+)/.exec(mail.mail.text ?? '')![1];
    const confirmed = await request(`${b.base}/subscribe/confirm?t=${token}`, 'GET');
    expect(confirmed).toEqual({ status: 303, location: '/subscribe/confirmed/' });
    expect(readSubscribers(path.join(siteDir, 'data'), 'subscribe').get('ann@example.com')?.state).toBe('confirmed');
    // Spent on B: the same link on A is used up.
    expect((await request(`${a.base}/subscribe/confirm?t=${token}`, 'GET')).location).toBe('/subscribe/expired/');
  });

  it('keeps on B the cool-down of a confirmation mail A sent', async () => {
    expect((await request(`${a.base}/subscribe`, 'POST', { email: 'bob@example.com' })).status).toBe(201);
    expect(eventsOf('bob@example.com')).toHaveLength(1);
    expect((await request(`${b.base}/subscribe`, 'POST', { email: 'bob@example.com' })).status).toBe(201);
    // Answered, and nothing written: no second mail within the cool-down.
    expect(eventsOf('bob@example.com')).toHaveLength(1);
    // A confirmed address asking on the other receiver gets no mail either.
    expect((await request(`${b.base}/subscribe`, 'POST', { email: 'ann@example.com' })).status).toBe(201);
    expect(eventsOf('ann@example.com').map((e) => e.state)).toEqual(['pending', 'confirmed']);
  });
});
