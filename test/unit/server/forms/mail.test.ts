import { describe, it, expect, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Tokens, loadSecret } from '../../../../src/server/forms/tokens.js';
import { applyOutboxEvent, Outbox, type OutboxEntry, type OutboxMail } from '../../../../src/server/forms/outbox.js';
import { MailSender, type MailTransport } from '../../../../src/server/forms/sender.js';
import { SubscriptionBook, readSubscribers } from '../../../../src/server/forms/subscriptions.js';
import { bookingMails, confirmationMail, escapeHtml } from '../../../../src/server/forms/compose.js';
import { headerSafe } from '../../../../src/server/forms/visitorText.js';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-mail-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const setup = { site: 'Gizmo', from: 'Gizmo <hi@gizmo.test>', teamTo: ['team@gizmo.test'], domain: 'gizmo.test' };
const mail = (id: string): OutboxMail => ({ id, kind: 'booking-team', messageId: `<${id}@x>`, date: '', from: 'a@b.c', to: ['t@b.c'], subject: 's', text: 't', html: 'h', locale: 'en' });

describe('link tokens', () => {
  it('verifies what the secret signed and nothing else', () => {
    const tokens = new Tokens(Buffer.from('a'.repeat(64)));
    const t = tokens.sign({ e: 'a@b.co', a: 'c', n: 'n1', x: 99 });
    expect(tokens.verify(t)).toEqual({ e: 'a@b.co', a: 'c', n: 'n1', x: 99 });
    expect(new Tokens(Buffer.from('b'.repeat(64))).verify(t)).toBeUndefined();
    const [body, mac] = t.split('.');
    const other = Buffer.from(JSON.stringify({ e: 'x@b.co', a: 'c', n: 'n1', x: 99 })).toString('base64url');
    expect(tokens.verify(`${other}.${mac}`)).toBeUndefined();
    expect(tokens.verify(`${body}.${mac}x`)).toBeUndefined();
    expect(tokens.verify(body)).toBeUndefined();
    expect(tokens.verify('')).toBeUndefined();
  });

  it('generates a secret once into the data folder (0600) unless the environment has one', () => {
    const dir = path.join(tmp(), 'data');
    delete process.env.TEST_FORMS_SECRET;
    const first = loadSecret({ envName: 'TEST_FORMS_SECRET', dataDir: dir });
    expect(first.length).toBe(64);
    expect(loadSecret({ envName: 'TEST_FORMS_SECRET', dataDir: dir })).toEqual(first);
    expect(fs.statSync(path.join(dir, 'secret')).mode & 0o777).toBe(0o600);
    process.env.TEST_FORMS_SECRET = 'short';
    expect(() => loadSecret({ envName: 'TEST_FORMS_SECRET', dataDir: dir })).toThrow(/32 characters/);
    process.env.TEST_FORMS_SECRET = 'z'.repeat(40);
    expect(loadSecret({ envName: 'TEST_FORMS_SECRET', dataDir: dir }).toString()).toBe('z'.repeat(40));
    delete process.env.TEST_FORMS_SECRET;
  });
});

describe('outbox states', () => {
  it('folds events in order; sent is final, retry only revives a failed mail', () => {
    const m = new Map<string, OutboxEntry>();
    applyOutboxEvent(m, { op: 'queue', at: '', mail: mail('a') });
    applyOutboxEvent(m, { op: 'deferred', at: '', id: 'a', attempts: 1, error: '451', next: new Date(5000).toISOString() });
    expect(m.get('a')).toMatchObject({ state: 'pending', attempts: 1, due: 5000 });
    applyOutboxEvent(m, { op: 'retry', at: '', id: 'a' });
    expect(m.get('a')).toMatchObject({ state: 'pending', attempts: 1 });
    applyOutboxEvent(m, { op: 'failed', at: '', id: 'a', attempts: 2, error: '550' });
    applyOutboxEvent(m, { op: 'retry', at: '', id: 'a' });
    expect(m.get('a')).toMatchObject({ state: 'pending', attempts: 0, due: 0 });
    applyOutboxEvent(m, { op: 'sent', at: 'then', id: 'a' });
    applyOutboxEvent(m, { op: 'retry', at: '', id: 'a' });
    applyOutboxEvent(m, { op: 'failed', at: '', id: 'a', attempts: 3, error: 'x' });
    applyOutboxEvent(m, { op: 'queue', at: '', mail: { ...mail('a'), subject: 'again' } });
    expect(m.get('a')).toMatchObject({ state: 'sent', sentAt: 'then' });
    expect(m.get('a')!.mail.subject).toBe('s');
  });

  it('retries with growing delays, then fails; a mail is sent once', async () => {
    const dir = tmp();
    const outbox = new Outbox(dir);
    const attempts: number[] = [];
    let accept = false;
    const sent: string[] = [];
    const transport: MailTransport = {
      description: 'test',
      send: async (m) => {
        attempts.push(Date.now());
        if (!accept) throw new Error('down');
        sent.push(m.id);
        return {};
      },
      close: () => undefined,
    };
    const sender = new MailSender({ outbox, transport, retry: { firstDelayMs: 40, maxDelayMs: 1000, attempts: 4 }, concurrency: 2, pollMs: 20, log: () => undefined });
    await outbox.queue([mail('m1')]);
    const until = Date.now() + 5000;
    while (outbox.entries.get('m1')?.state !== 'failed' && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(outbox.entries.get('m1')).toMatchObject({ state: 'failed', attempts: 4, error: 'down' });
    expect(attempts).toHaveLength(4);
    // The schedule written to the outbox: 40, 80, 160 ms after each failure (±25% jitter).
    const deferred = fs
      .readFileSync(path.join(dir, 'outbox.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((e) => e.op === 'deferred');
    expect(deferred.map((e) => e.attempts)).toEqual([1, 2, 3]);
    deferred.forEach((e, i) => {
      const delay = Date.parse(e.next) - Date.parse(e.at);
      expect(delay).toBeGreaterThanOrEqual(40 * 2 ** i * 0.75 - 2);
      expect(delay).toBeLessThanOrEqual(40 * 2 ** i * 1.25 + 2);
    });
    accept = true;
    await outbox.record({ op: 'retry', at: '', id: 'm1' });
    sender.wake();
    while (outbox.entries.get('m1')?.state !== 'sent' && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    // Sent once: a look at the outbox now (what a poll does) sends nothing more, and stopping waits for any delivery it started.
    sender.wake();
    await sender.stop();
    expect(sent).toEqual(['m1']);
    await outbox.close();
    // Read back from the file by a new process: the same states.
    expect(new Outbox(dir).entries.get('m1')?.state).toBe('sent');
  });
});

describe('the sending lock', () => {
  it('lets one sender of a data folder deliver at a time, and takes over a lock its dead holder left', async () => {
    const dir = tmp();
    const lockFile = path.join(dir, 'outbox.lock');
    // A lock left by a process that no longer refreshes it.
    fs.writeFileSync(lockFile, '4194999 dead');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFile, old, old);
    const outbox = new Outbox(dir);
    const delivered: string[] = [];
    const transport = (who: string): MailTransport => ({
      description: who,
      send: async (m) => {
        delivered.push(`${who} ${m.id}`);
        return {};
      },
      close: () => undefined,
    });
    const options = { outbox, retry: { firstDelayMs: 10, maxDelayMs: 10, attempts: 3 }, concurrency: 2, pollMs: 20, log: () => undefined, lockFile };
    const first = new MailSender({ ...options, transport: transport('first') });
    const second = new MailSender({ ...options, transport: transport('second') });
    await outbox.queue([mail('a'), mail('b')]);
    const wait = async (check: () => boolean) => {
      const until = Date.now() + 5000;
      while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    };
    await wait(() => ['a', 'b'].every((id) => outbox.entries.get(id)?.state === 'sent'));
    // The second sender looks at the outbox (what its polls do): a delivery it started would be in
    // `delivered` at once (the transport notes it as it is called).
    second.wake();
    expect(delivered.sort()).toEqual(['first a', 'first b']);
    expect(fs.readFileSync(lockFile, 'utf8')).toMatch(new RegExp(` pid ${process.pid} on `));
    await first.stop();
    await outbox.queue([mail('c')]);
    await wait(() => delivered.length >= 3);
    expect(delivered.at(-1)).toBe('second c');
    await second.stop();
    expect(fs.existsSync(lockFile)).toBe(false);
    await outbox.close();
  });
});

describe('subscription states', () => {
  it('pending → confirmed (once) → unsubscribed, with a cool-down, surviving a restart', async () => {
    const dir = tmp();
    const book = new SubscriptionBook(dir, 'news', 60_000);
    const n1 = await book.request('Ann@Example.com', 'en', 1000);
    expect(n1).toBeTruthy();
    expect(await book.request('ann@example.com', 'en', 2000)).toBeUndefined();
    const n2 = await book.request('ann@example.com', 'zh-Hans', 70_000);
    expect(n2).toBeTruthy();
    expect((await book.confirm({ e: 'ann@example.com', n: n1!, x: 10 }, 80_000)).result).toBe('expired');
    expect((await book.confirm({ e: 'ann@example.com', n: n1!, x: 1e12 }, 80_000)).result).toBe('confirmed');
    expect((await book.confirm({ e: 'ann@example.com', n: n2!, x: 1e12 }, 80_000)).result).toBe('invalid');
    expect(await book.request('ann@example.com', 'en', 90_000)).toBeUndefined();
    await book.close();
    const again = new SubscriptionBook(dir, 'news', 60_000);
    expect(again.get('ANN@example.com')).toMatchObject({ state: 'confirmed', locale: 'zh-Hans' });
    await again.unsubscribe('ann@example.com');
    await again.unsubscribe('ann@example.com');
    await again.close();
    expect(readSubscribers(dir, 'news').get('ann@example.com')?.state).toBe('unsubscribed');
    expect(fs.readFileSync(path.join(dir, 'news.subscriptions.jsonl'), 'utf8').trim().split('\n')).toHaveLength(4);
  });
});

describe('composed mails', () => {
  it('escapes visitor input in HTML and keeps it out of headers', () => {
    expect(headerSafe('a\r\nBcc: x@y.z\u2028b\tc', 100)).toBe('a Bcc: x@y.z b c');
    expect(headerSafe('x'.repeat(10), 5)).toBe('xxxx…');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const [visitor, team] = bookingMails(setup, {
      submission: { id: 's1', form: 'q', receivedAt: 'now', data: { name: '<img src=x onerror=alert(1)>{site}', email: 'v@x.co', company: 'C\r\nX-Evil: 1' } },
      locale: 'en',
    });
    expect(visitor.html).not.toContain('<img');
    expect(visitor.html).toContain('&lt;img src=x onerror=alert(1)&gt;{site}');
    expect(visitor.subject).toBe('Your Gizmo demo request: we will confirm the time by email');
    expect(team.subject).not.toMatch(/[\r\n]/);
    expect(team.replyTo).toBe('v@x.co');
    expect(team.to).toEqual(['team@gizmo.test']);
  });

  it('puts the one-click unsubscribe headers and both links in a confirmation mail', () => {
    const m = confirmationMail(setup, { submission: 's', email: 'r@x.co', locale: 'zh-Hans', confirmUrl: 'https://g.test/c?t=1&u=2', unsubscribeUrl: 'https://g.test/u?t=3', hours: 48 });
    expect(m.headers).toEqual({ 'List-Unsubscribe': '<https://g.test/u?t=3>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(m.text).toContain('https://g.test/c?t=1&u=2');
    expect(m.html).toContain('href="https://g.test/c?t=1&amp;u=2"');
    expect(m.text).toContain('48 小时');
    expect(m.locale).toBe('zh-Hans');
  });
});
