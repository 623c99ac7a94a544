import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { writeSite, configImport } from '../../../helpers/buildFixture.js';
import { startSmtp, type TestSmtp } from '../../../helpers/smtp.js';
import { inProcessReceivers } from '../../../helpers/formsReceiver.js';
import { readSubmissions, readOutbox } from '../../../../src/server/forms/index.js';

// The receiver mails strangers nothing (issue 37, item 9), with a real SMTP server on loopback and a
// site whose schema is as loose as a schema gets (`email: z.string()`): an address that is a list, a
// group, a line break with a Bcc, or a name holding another address reaches nobody; the visitor's copy
// of a booking (an address nobody confirmed) repeats no link and is cut short while the team's notice
// has everything; hourly caps per address and in all hold across a restart of the receiver; subjects
// and display names carry no bidirectional controls.

let smtp: TestSmtp;
const sites: string[] = [];
const receivers = inProcessReceivers();

beforeAll(async () => {
  smtp = await startSmtp();
  process.env.STRANGERS_SMTP_URL = smtp.url;
});
afterEach(async () => {
  await receivers.closeAll();
  smtp.delivered.length = 0;
});
afterAll(async () => {
  delete process.env.STRANGERS_SMTP_URL;
  await smtp.stop();
  for (const s of sites) fs.rmSync(s, { recursive: true, force: true });
});

function site(params: { mail?: Record<string, unknown>; title?: string } = {}): { siteDir: string; configFile: string; dataDir: string } {
  const siteDir = writeSite({
    'forms.ts': `import { z } from 'zod';
export const forms = {
  booking: z.object({ name: z.string(), email: z.string(), message: z.string().optional() }),
  subscribe: z.object({ email: z.string() }),
};
`,
    'site.config.ts': `${configImport}
export default {
  title: ${JSON.stringify(params.title ?? 'Gizmo')}, url: 'https://gizmo.test', docs: false, pages: false,
  forms: {
    schemas: 'forms.ts', dataDir: 'data', ratePerMinute: 100000,
    mail: ${JSON.stringify({ transport: 'STRANGERS_SMTP_URL', from: 'Gizmo <hello@gizmo.test>', teamTo: ['team@gizmo.test'], kinds: { booking: 'booking', subscribe: 'subscription' }, retry: { firstSeconds: 0.05, maxSeconds: 0.4, attempts: 50 }, ...params.mail })},
  },
} satisfies SiteConfigInput;`,
  });
  sites.push(siteDir);
  return { siteDir, configFile: path.join(siteDir, 'site.config.ts'), dataDir: path.join(siteDir, 'data') };
}

function post(url: string, value: unknown): Promise<{ status: number; body: { ok: boolean; errors?: Record<string, string> } }> {
  const body = JSON.stringify(value);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not true within ${ms} ms: ${check.toString()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every mail the receiver queued is sent: what the SMTP server holds is all it will get (mails are queued before the 201). */
const allSent = (dataDir: string) => until(() => [...readOutbox(dataDir).entries.values()].every((e) => e.state !== 'pending'));

const recipients = () => smtp.delivered.flatMap((d) => d.envelopeTo).sort();

/** Mail programs make links of these: a scheme's "://", "www.", a domain name. */
const LINKISH = [/[a-z][a-z0-9+.-]*:\/\//i, /\bwww\./i, /[\p{L}\p{N}-]\.\p{L}/u];

const hostile = [
  'a@x.org, v@evil.example',
  'a@x.org\r\nBcc: v@evil.example',
  'a@x.org\nBcc: v@evil.example',
  'g: a@x.org, b@y.org;',
  '"v@evil.example" <a@x.org>',
  'a@x.org <v@evil.example>',
  'a@x.org v@evil.example',
];

describe('form mail reaches nobody but the one mailbox a visitor gave', () => {
  it('refuses an address that is not one mailbox with a 400 on the email field, whatever the schema allowed, and mails nothing to it', async () => {
    const { configFile, dataDir } = site();
    const base = `${(await receivers.serve(configFile)).origin}/api/forms`;
    for (const email of hostile) {
      for (const [form, body] of [
        ['booking', { name: 'Ada', email, message: 'hello' }],
        ['subscribe', { email }],
      ] as const) {
        const r = await post(`${base}/${form}`, body);
        expect({ form, email, status: r.status, body: r.body }).toEqual({ form, email, status: 400, body: { ok: false, errors: { email: 'form.error.email' } } });
      }
    }
    // A good one afterwards: its two mails are all the server gets.
    expect((await post(`${base}/booking`, { name: 'Ada', email: 'ada@example.com' })).status).toBe(201);
    await smtp.waitFor(2);
    await allSent(dataDir);
    expect(recipients()).toEqual(['ada@example.com', 'team@gizmo.test']);
    expect(smtp.delivered.map((d) => d.mail.replyTo?.text ?? '')).not.toContain(expect.stringContaining('evil'));
    expect(readSubmissions({ dataDir, form: 'booking' }).records.map((r) => r.data.email)).toEqual(['ada@example.com']);
    expect(readSubmissions({ dataDir, form: 'subscribe' }).records).toEqual([]);
  });

  it('mails nothing to a bad address the data folder already holds (a submission stored, a mail queued, by an older version)', async () => {
    const { configFile, dataDir } = site();
    fs.mkdirSync(dataDir, { recursive: true });
    const now = new Date().toISOString();
    // A booking stored without its mails (a crash between the writes) that start-up repairs...
    fs.writeFileSync(
      path.join(dataDir, 'booking.jsonl'),
      `${JSON.stringify({ id: 'old-1', form: 'booking', receivedAt: now, locale: 'en', data: { name: 'Old', email: 'a@x.org, v@evil.example' } })}\n`,
      { mode: 0o600 },
    );
    // ...and a mail queued to a list of addresses, waiting in the outbox.
    const queued = {
      id: 'old-mail',
      kind: 'booking-visitor',
      submission: 'old-0',
      messageId: '<old-mail@gizmo.test>',
      date: new Date().toUTCString(),
      from: 'Gizmo <hello@gizmo.test>',
      to: ['a@x.org\r\nBcc: v@evil.example'],
      subject: 'Hi',
      text: 't',
      html: '<p>t</p>',
      locale: 'en',
    };
    fs.writeFileSync(path.join(dataDir, 'outbox.jsonl'), `${JSON.stringify({ op: 'queue', at: now, mail: queued })}\n`, { mode: 0o600 });
    const log: string[] = [];
    await receivers.serve(configFile, log);
    await smtp.waitFor(1);
    await until(() => [...readOutbox(dataDir).entries.values()].every((e) => e.state !== 'pending') && readOutbox(dataDir).entries.size === 2);
    expect(recipients()).toEqual(['team@gizmo.test']);
    expect(smtp.delivered[0].mail.replyTo).toBeUndefined();
    expect(readOutbox(dataDir).entries.get('old-mail')).toMatchObject({ state: 'failed', error: expect.stringMatching(/^not sent: To .* is not one mailbox/) });
    expect(log.filter((l) => /not one mailbox/.test(l))).toHaveLength(2);
  });

  it("sends the visitor's copy of a booking without links and cut short, and the team everything", async () => {
    const { configFile, dataDir } = site();
    const base = `${(await receivers.serve(configFile)).origin}/api/forms`;
    const message = `Claim your prize at https://evil.example/win or www.evil.example, write to v@evil.example. ${'Lorem ipsum dolor sit amet. '.repeat(20)}`;
    expect((await post(`${base}/booking`, { name: 'Prize desk evil.example', email: 'ada@example.com', message })).status).toBe(201);
    await smtp.waitFor(2);
    await allSent(dataDir);
    const visitor = smtp.delivered.find((d) => d.envelopeTo[0] === 'ada@example.com')!;
    const team = smtp.delivered.find((d) => d.envelopeTo[0] === 'team@gizmo.test')!;
    for (const part of [visitor.mail.text!, visitor.mail.html as string]) {
      const visitorWords = part.replace(/ada@example\.com/g, '');
      for (const re of LINKISH) expect(visitorWords).not.toMatch(re);
      expect(part).not.toContain('evil.example');
    }
    const row = /^message: (.*)$/m.exec(visitor.mail.text!)![1];
    expect(Array.from(row).length).toBeLessThanOrEqual(200);
    expect(row.startsWith('Claim your prize at https[:]//evil[.]example/win or www[.]evil[.]example')).toBe(true);
    expect(visitor.mail.text).toContain('Prize desk evil[.]example');
    expect(team.mail.text).toContain(message.trim());
    expect(team.mail.text).toContain('Prize desk evil.example');
  });

  it('caps the mails to one address and to all visitors within an hour, across a restart of the receiver', async () => {
    const { configFile, dataDir } = site({ mail: { limits: { perAddressPerHour: 3, perHour: 5 } } });
    const out: string[] = [];
    // The receiver in this process (what `sitegen forms` runs), its log lines in `out`.
    const start = async () => ({ base: `${(await receivers.serve(configFile, out)).origin}/api/forms` });
    const first = await start();
    for (let i = 0; i < 4; i++) expect((await post(`${first.base}/booking`, { name: `Ada ${i}`, email: i % 2 ? 'Ada+forms@Example.com' : 'ada@example.com' })).status).toBe(201);
    for (const email of ['r1@example.com', 'r2@example.com', 'r3@example.com']) expect((await post(`${first.base}/subscribe`, { email })).status).toBe(201);
    // 3 to Ada (the fourth is over the address's cap), 2 subscriptions (then 5 in all: r3 gets none), 4 team notices.
    await smtp.waitFor(9);
    await allSent(dataDir);
    await until(() => out.filter((l) => l.includes('not sent')).length >= 2);
    expect(out.filter((l) => l.includes('not sent'))).toEqual([
      'mail: booking-visitor to Ada+forms@Example.com not sent: 3 mails went to this address within the hour (forms.mail.limits.perAddressPerHour: 3)',
      'mail: subscription-confirm to r3@example.com not sent: 5 mails went to visitors within the hour (forms.mail.limits.perHour: 5)',
    ]);

    // A restart (a new receiver on the same data folder, as the stopped one closed it) reads the caps from the data folder.
    await receivers.closeAll();
    const second = await start();
    expect((await post(`${second.base}/booking`, { name: 'Ada again', email: 'ada@example.com' })).status).toBe(201);
    expect((await post(`${second.base}/subscribe`, { email: 'r4@example.com' })).status).toBe(201);
    await smtp.waitFor(10);
    await allSent(dataDir);
    await until(() => out.filter((l) => l.includes('not sent')).length >= 4);
    expect(recipients()).toEqual(['Ada+forms@example.com', 'ada@example.com', 'ada@example.com', 'r1@example.com', 'r2@example.com', ...Array(5).fill('team@gizmo.test')]);
    // Every submission is stored all the same.
    expect(readSubmissions({ dataDir, form: 'booking' }).records).toHaveLength(5);
    expect(readSubmissions({ dataDir, form: 'subscribe' }).records).toHaveLength(4);
  });

  it('writes subjects and display names without bidirectional controls', async () => {
    const { configFile, dataDir } = site({ title: 'Giz\u202emo\u2069', mail: { from: 'Giz\u202emo\u2066 <hello@gizmo.test>' } });
    const base = `${(await receivers.serve(configFile)).origin}/api/forms`;
    expect((await post(`${base}/booking`, { name: 'Ada\u202eecalevoL\u200f', email: 'ada@example.com' })).status).toBe(201);
    expect((await post(`${base}/subscribe`, { email: 'reader@example.com' })).status).toBe(201);
    await smtp.waitFor(3);
    await allSent(dataDir);
    const bidi = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    const subjects = smtp.delivered.map((d) => d.mail.subject).sort();
    expect(subjects).toEqual(['New demo booking: AdaecalevoL', 'Please confirm your subscription to Gizmo news', 'Your Gizmo demo request: we will confirm the time by email']);
    for (const d of smtp.delivered) {
      expect(d.mail.from?.value).toEqual([{ name: 'Gizmo', address: 'hello@gizmo.test' }]);
      expect(d.mail.headers.get('subject')).not.toMatch(bidi);
    }
  });
});
