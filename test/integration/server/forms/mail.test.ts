import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { writeSite, configImport } from '../../../helpers/buildFixture.js';
import { repoRoot } from '../../../helpers/paths.js';
import { runCliInProcess } from '../../../helpers/cliInProcess.js';
import { startSmtp, type TestSmtp, type Delivered } from '../../../helpers/smtp.js';
import { inProcessReceivers } from '../../../helpers/formsReceiver.js';
import { readSubmissions, readSubscribers, readOutbox, exportSubscribers } from '../../../../src/server/forms/index.js';
import { readLogLines } from '../../../../src/server/forms/appendLog.js';

// The receiver's mail with a real SMTP server on loopback (smtp-server): what a booking and a
// subscription send (recipients, language, subject, parts, headers), the confirmation and unsubscribe
// links followed over HTTP (expiry, reuse, one-click), the local .eml outbox, and an SMTP server that
// refuses or is down for a while. The receiver runs in this process behind a loopback HTTP server.

const schemasModule = path.join(repoRoot, 'content/pages/_forms/schemas.ts');

let smtp: TestSmtp;
const sites: string[] = [];
const receivers = inProcessReceivers();

beforeAll(async () => {
  smtp = await startSmtp();
});
afterEach(async () => {
  await receivers.closeAll();
  smtp.delivered.length = 0;
  smtp.mode = 'accept';
});
afterAll(async () => {
  await smtp.stop();
  for (const s of sites) fs.rmSync(s, { recursive: true, force: true });
});

/** A site whose config reads the SMTP url from `envName`, with `mail` options merged in. */
function site(mail: Record<string, unknown> = {}, envName = 'TEST_SMTP_URL', rate = 100000): { siteDir: string; configFile: string; dataDir: string } {
  const siteDir = writeSite({
    'site.config.ts': `${configImport}
export default {
  title: 'Gizmo', url: 'https://gizmo.test', docs: false, pages: false,
  i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] },
  forms: {
    schemas: ${JSON.stringify(schemasModule)}, dataDir: 'data', ratePerMinute: ${rate},
    mail: ${JSON.stringify({ transport: envName, from: 'Gizmo <hello@gizmo.test>', teamTo: ['team@gizmo.test'], replyTo: 'answers@gizmo.test', kinds: { questionnaire: 'booking', subscribe: 'subscription' }, retry: { firstSeconds: 0.05, maxSeconds: 0.4, attempts: 50 }, ...mail })},
  },
} satisfies SiteConfigInput;`,
  });
  sites.push(siteDir);
  return { siteDir, configFile: path.join(siteDir, 'site.config.ts'), dataDir: path.join(siteDir, 'data') };
}

function request(url: string, opts: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const body = opts.body ?? '';
    const req = http.request(url, { method: opts.method ?? 'GET', agent: false, headers: { ...(body ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}), ...opts.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', (e) => reject(new Error(`${opts.method ?? 'GET'} ${url}: ${e.message}`)));
    req.end(body);
  });
}

const postJson = (url: string, value: unknown, headers: Record<string, string> = {}) =>
  request(url, { method: 'POST', body: JSON.stringify(value), headers: { 'Content-Type': 'application/json', ...headers } });

const booking = {
  name: 'Ada Lovelace',
  phone: '+44 20 7946 0958',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  problem: 'device-management',
  familiarity: 'master',
  source: 'introduced-by-others',
};

const linkIn = (d: Delivered, action: 'confirm' | 'unsubscribe') => {
  const m = new RegExp(`https?://[^\\s"<>]+/${action}\\?t=[A-Za-z0-9_.-]+`).exec(d.mail.text ?? '');
  if (!m) throw new Error(`no ${action} link in: ${d.mail.text}`);
  return m[0];
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not true within ${ms} ms: ${check.toString()}`);
    await sleep(25);
  }
}

/** Waits until every mail in the outbox is sent. A submission's mails are in the outbox before its 201
 *  (mailing.ts), and the test server keeps a message before it answers 250: from then on, what the
 *  server received is all it will receive, without waiting for a mail that should not come. */
const allSent = (dataDir: string) => until(() => [...readOutbox(dataDir).entries.values()].every((e) => e.state === 'sent'));

describe('form mail through SMTP', () => {
  it('confirms a booking to the visitor in the page language and tells the team every answer', async () => {
    const { configFile, dataDir } = site();
    process.env.TEST_SMTP_URL = smtp.url;
    const { origin } = await receivers.serve(configFile);
    // A name that tries to be HTML and to add a header.
    const name = 'Ada <b>Lovelace</b>\r\nBcc: victim@example.net';
    const zh = await postJson(`${origin}/api/forms/questionnaire`, { ...booking, name, _locale: 'zh-Hans' });
    expect(zh.status).toBe(201);
    const en = await postJson(`${origin}/api/forms/questionnaire`, { ...booking, email: 'grace@example.com', name: 'Grace' }, { Referer: `${origin}/bookDemo/` });
    expect(en.status).toBe(201);
    const all = await smtp.waitFor(4);
    await allSent(dataDir);
    expect(all).toHaveLength(4);

    const visitorZh = all.find((d) => d.envelopeTo.includes('ada@example.com'))!;
    expect(visitorZh.envelopeTo).toEqual(['ada@example.com']);
    expect(visitorZh.mail.subject).toBe('已收到您的 Gizmo 演示预约，我们会通过邮件确认时间');
    expect(visitorZh.mail.text).toContain('30 分钟');
    expect(visitorZh.mail.html).toContain('lang="zh-Hans"');
    expect(visitorZh.mail.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(visitorZh.mail.html).not.toContain('<b>Lovelace');
    expect(visitorZh.mail.from?.value).toEqual([{ name: 'Gizmo', address: 'hello@gizmo.test' }]);
    expect(visitorZh.mail.replyTo?.text).toBe('answers@gizmo.test');
    expect(visitorZh.mail.messageId).toMatch(/^<[0-9a-f-]{36}@gizmo\.test>$/);
    expect(visitorZh.raw).toMatch(/Content-Type: multipart\/alternative/);

    const visitorEn = all.find((d) => d.envelopeTo.includes('grace@example.com'))!;
    expect(visitorEn.mail.subject).toBe('Your Gizmo demo request: we will confirm the time by email');
    expect(visitorEn.mail.text).toContain('30-minute online session');
    expect(visitorEn.mail.text).toContain('Just reply to this email');

    // Each answer under the field's name, each chosen option as the form showed it, in the reader's
    // language (the site's words: the schemas module's `labels`), never as its code.
    const codes = ['device-management', 'introduced-by-others'];
    for (const line of ['希望解决的问题: 设备管理', 'Docker 与 Kubernetes 熟悉程度: 熟练掌握', '了解渠道: 他人推荐', '公司或组织: Analytical Engines', '电话号码: +44 20 7946 0958'])
      expect(visitorZh.mail.text).toContain(line);
    expect(visitorZh.mail.html).toContain('<th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">希望解决的问题</th><td style="padding:4px 0">设备管理</td>');
    for (const line of ['Problem to solve: Device management', 'Docker and Kubernetes: I master them', 'Heard of Shifu through: Introduced by someone', 'Company or organisation: Analytical Engines'])
      expect(visitorEn.mail.text).toContain(line);
    for (const mail of [visitorZh, visitorEn]) for (const code of codes) expect(`${mail.mail.text} ${mail.mail.html}`).not.toContain(code);

    const teams = all.filter((d) => d.envelopeTo.includes('team@gizmo.test'));
    expect(teams).toHaveLength(2);
    for (const t of teams) expect(t.envelopeTo).toEqual(['team@gizmo.test']);
    const teamZh = teams.find((t) => t.mail.replyTo?.text === 'ada@example.com')!;
    // The typed CR LF became a space: one subject line, no Bcc header, no extra recipient.
    expect(teamZh.mail.subject).toBe('New demo booking: Ada <b>Lovelace</b> Bcc: victim@example.net, Analytical Eng…');
    expect(teamZh.mail.headers.has('bcc')).toBe(false);
    expect(teamZh.raw.split(/\r?\n\r?\n/)[0]).not.toMatch(/^Bcc:/im);
    // The team's notice is in English whatever the page's language, with every answer as typed and every option as shown.
    for (const line of [
      'Phone number: +44 20 7946 0958',
      'Email address: ada@example.com',
      'Company or organisation: Analytical Engines',
      'Problem to solve: Device management',
      'Docker and Kubernetes: I master them',
      'Heard of Shifu through: Introduced by someone',
    ])
      expect(teamZh.mail.text).toContain(line);
    for (const code of ['device-management', 'introduced-by-others']) expect(`${teamZh.mail.text} ${teamZh.mail.html}`).not.toContain(code);
    expect(teamZh.mail.text).toContain('Page language: zh-Hans');
    expect(teamZh.mail.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');

    // Stored with its language; the outbox says both sent.
    const stored = readSubmissions({ dataDir, form: 'questionnaire' }).records;
    expect(stored.map((r) => r.locale).sort()).toEqual(['en', 'zh-Hans']);
    await until(() => [...readOutbox(dataDir).entries.values()].every((e) => e.state === 'sent'));
    expect(readOutbox(dataDir).entries.size).toBe(4);
  });

  it('subscribes by double opt-in: confirmation link (single use, expiring), unsubscribe link and one-click', async () => {
    // Links that expire at once (their expiry is counted in whole seconds): the first one is late when followed.
    const { configFile, dataDir, siteDir } = site({ confirmHours: 1e-7 });
    process.env.TEST_SMTP_URL = smtp.url;
    const { origin } = await receivers.serve(configFile);
    const sub = await postJson(`${origin}/api/forms/subscribe`, { email: 'Reader@Example.com' }, { Referer: `${origin}/zh-Hans/subscribe/` });
    expect(sub.status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail.envelopeTo).toEqual(['Reader@example.com']);
    expect(mail.mail.subject).toBe('请确认订阅 Gizmo 新闻');
    expect(mail.mail.html).toContain('确认订阅');
    const confirm = linkIn(mail, 'confirm');
    const unsubscribe = linkIn(mail, 'unsubscribe');
    expect(confirm.startsWith(`${origin}/api/forms/subscribe/confirm?t=`)).toBe(true);
    expect(mail.mail.html).toContain(confirm.replace(/&/g, '&amp;'));
    // RFC 8058: the one-click headers, on the https-or-here url of the unsubscribe link.
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(readSubscribers(dataDir, 'subscribe').get('reader@example.com')?.state).toBe('pending');

    // Expired: the expired page; nothing changes.
    const late = await request(confirm);
    expect(late.status).toBe(303);
    expect(late.headers.location).toBe('/zh-Hans/subscribe/expired/');
    expect(readSubscribers(dataDir, 'subscribe').get('reader@example.com')?.state).toBe('pending');

    // Asking again within the cool-down sends nothing; the answer is the same.
    const again = await postJson(`${origin}/api/forms/subscribe`, { email: 'reader@example.com' });
    expect(again.status).toBe(201);
    await allSent(dataDir);
    expect(readOutbox(dataDir).entries.size).toBe(1);
    expect(smtp.delivered).toHaveLength(1);
    await receivers.closeAll();

    // Without the cool-down, and with a day to confirm: a new mail, whose link works once.
    fs.writeFileSync(configFile, fs.readFileSync(configFile, 'utf8').replace('"confirmHours":1e-7', '"confirmHours":24,"cooldownMinutes":0'));
    const second = await receivers.serve(configFile);
    expect((await postJson(`${second.origin}/api/forms/subscribe`, { email: 'reader@example.com', _locale: 'en' })).status).toBe(201);
    const [, mail2] = await smtp.waitFor(2);
    expect(mail2.mail.subject).toBe('Please confirm your subscription to Gizmo news');
    const confirm2 = linkIn(mail2, 'confirm');
    const ok = await request(confirm2);
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/subscribe/confirmed/');
    expect(readSubscribers(dataDir, 'subscribe').get('reader@example.com')?.state).toBe('confirmed');
    const reused = await request(confirm2);
    expect(reused.headers.location).toBe('/subscribe/expired/');
    // A forged token (payload changed, signature kept) is refused the same way.
    const [body, mac] = new URL(confirm2).searchParams.get('t')!.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), e: 'someone@else.example' })).toString('base64url');
    expect((await request(confirm2.replace(/t=.*/, `t=${forged}.${mac}`))).headers.location).toBe('/subscribe/expired/');

    // A confirmed address asking again gets no mail and the same answer.
    expect((await postJson(`${second.origin}/api/forms/subscribe`, { email: 'reader@example.com' })).status).toBe(201);
    await allSent(dataDir);
    expect(readOutbox(dataDir).entries.size).toBe(2);
    expect(smtp.delivered).toHaveLength(2);

    // Export: only confirmed subscribers, with the state column.
    const csv = await runCliInProcess(['forms', 'export', 'subscribe', '--config', configFile], { cwd: siteDir });
    expect(csv.status).toBe(0);
    expect(csv.stdout.split('\r\n')[0]).toBe('email,state,since,locale');
    expect(csv.stdout).toContain('reader@example.com,confirmed,');

    // The unsubscribe link: GET opens the page that asks (a mail scanner following it changes nothing)...
    const unsubscribe2 = linkIn(mail2, 'unsubscribe');
    const opened = await request(unsubscribe2);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(`/subscribe/unsubscribe/?t=${encodeURIComponent(new URL(unsubscribe2).searchParams.get('t')!)}`);
    expect(readSubscribers(dataDir, 'subscribe').get('reader@example.com')?.state).toBe('confirmed');
    // ...and the one-click POST (from a mail program, no Origin) unsubscribes, twice the same as once.
    const oneClick = () => request(unsubscribe2, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect((await oneClick()).status).toBe(200);
    const events = readLogLines(path.join(dataDir, 'subscribe.subscriptions.jsonl')).values.length;
    expect((await oneClick()).status).toBe(200);
    expect(readLogLines(path.join(dataDir, 'subscribe.subscriptions.jsonl')).values.length).toBe(events);
    expect(readSubscribers(dataDir, 'subscribe').get('reader@example.com')?.state).toBe('unsubscribed');
    expect(exportSubscribers({ subscribers: [...readSubscribers(dataDir, 'subscribe').values()], format: 'json' }).count).toBe(0);
    expect(JSON.parse(exportSubscribers({ subscribers: [...readSubscribers(dataDir, 'subscribe').values()], format: 'json', all: true }).text)).toMatchObject([
      { email: 'reader@example.com', state: 'unsubscribed' },
    ]);
  });

  it('keeps bots and strangers out: honeypot, rate limit on the links, no leak of who is subscribed', async () => {
    const { configFile, dataDir } = site({}, 'TEST_SMTP_URL', 4);
    process.env.TEST_SMTP_URL = smtp.url;
    const { origin } = await receivers.serve(configFile);
    // A bot fills the hidden field: the same answer as a person, nothing stored, nothing sent.
    const bot = await postJson(`${origin}/api/forms/subscribe`, { email: 'bot@example.com', website: 'http://spam.example' });
    expect(bot.status).toBe(201);
    expect(bot.text).toMatch(/^\{"ok":true,"id":"[0-9a-f-]{36}"\}$/);
    const person = await postJson(`${origin}/api/forms/subscribe`, { email: 'person@example.com', website: '' });
    expect(person.status).toBe(201);
    await smtp.waitFor(1);
    await allSent(dataDir);
    expect(smtp.delivered.map((d) => d.envelopeTo)).toEqual([['person@example.com']]);
    expect(readSubmissions({ dataDir, form: 'subscribe' }).records.map((r) => r.data.email)).toEqual(['person@example.com']);
    // The links share the rate of the client's address (4 a minute here, 2 used above).
    const link = linkIn(smtp.delivered[0], 'confirm');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await request(link.replace(/t=.*/, 't=nonsense'))).status);
    expect(statuses).toEqual([303, 303, 429, 429]);
  });

  it('writes .eml files to the local outbox when no SMTP url is set, and says so once', async () => {
    const { configFile, dataDir } = site({}, 'TEST_SMTP_UNSET');
    delete process.env.TEST_SMTP_UNSET;
    const log: string[] = [];
    const { origin } = await receivers.serve(configFile, log);
    expect((await postJson(`${origin}/api/forms/questionnaire`, booking)).status).toBe(201);
    await until(() => log.filter((l) => l.includes('.eml')).length >= 2);
    expect(log.filter((l) => l.startsWith('Mail is not being sent'))).toEqual([`Mail is not being sent (no SMTP url): messages are written to ${path.join(dataDir, 'mail')}`]);
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(2);
    for (const f of files) expect(log.some((l) => l.endsWith(path.join(dataDir, 'mail', f)))).toBe(true);
    const visitor = fs.readFileSync(
      path.join(
        dataDir,
        'mail',
        files.find((f) => f.includes('booking-visitor'))!,
      ),
      'utf8',
    );
    expect(visitor).toMatch(/^To: ada@example\.com$/m);
    expect(fs.statSync(path.join(dataDir, 'mail', files[0])).mode & 0o777).toBe(0o600);
    expect(smtp.delivered).toHaveLength(0);
  });

  it('delivers every mail exactly once when the SMTP server refuses for a while, and when it is down then back', async () => {
    const { configFile, dataDir } = site();
    process.env.TEST_SMTP_URL = smtp.url;
    const { origin } = await receivers.serve(configFile);
    smtp.mode = 'temporary';
    for (let i = 0; i < 10; i++) expect((await postJson(`${origin}/api/forms/subscribe`, { email: `r${i}@example.com` })).status).toBe(201);
    // Deferred, with attempts counted and the error kept: wait until each has been tried once.
    await until(() => [...readOutbox(dataDir).entries.values()].every((e) => e.attempts >= 1) && readOutbox(dataDir).entries.size > 0);
    expect(smtp.delivered).toHaveLength(0);
    const waiting = [...readOutbox(dataDir).entries.values()];
    expect(waiting.every((e) => e.state === 'pending' && e.attempts >= 1 && /451/.test(e.error ?? ''))).toBe(true);
    smtp.mode = 'accept';
    await smtp.waitFor(10);

    await smtp.stop();
    for (let i = 10; i < 20; i++) expect((await postJson(`${origin}/api/forms/subscribe`, { email: `r${i}@example.com` })).status).toBe(201);
    // Each tried while the server is down, and deferred with the connection's error.
    const second = () => [...readOutbox(dataDir).entries.values()].filter((e) => e.state !== 'sent');
    await until(() => second().length === 10 && second().every((e) => e.attempts >= 1 && e.error !== undefined));
    await smtp.start();
    await smtp.waitFor(20);
    await allSent(dataDir);
    const to = smtp.delivered.map((d) => d.envelopeTo[0]).sort();
    expect(to).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}@example.com`).sort());
    expect(new Set(smtp.delivered.map((d) => d.mail.messageId)).size).toBe(20);
  });

  it('marks a mail refused for good as failed; `forms outbox` lists it and `outbox retry` sends it', async () => {
    const { configFile, dataDir, siteDir } = site();
    process.env.TEST_SMTP_URL = smtp.url;
    const { origin } = await receivers.serve(configFile);
    smtp.mode = 'permanent';
    expect((await postJson(`${origin}/api/forms/subscribe`, { email: 'bounce@example.com' })).status).toBe(201);
    await until(() => [...readOutbox(dataDir).entries.values()][0]?.state === 'failed');
    const list = await runCliInProcess(['forms', 'outbox', '--config', configFile], { cwd: siteDir });
    expect(list.status).toBe(0);
    expect(list.stdout).toContain('0 pending, 1 failed, 0 sent');
    expect(list.stdout).toMatch(/failed +\S+ +subscription-confirm +to bounce@example\.com +attempts 1 +last error: 550/);
    smtp.mode = 'accept';
    const retry = await runCliInProcess(['forms', 'outbox', 'retry', '--config', configFile], { cwd: siteDir });
    expect(retry.stdout).toContain('1 failed mail queued again');
    // The running receiver reads the retry from the outbox file.
    await smtp.waitFor(1, 10_000);
    await until(() => [...readOutbox(dataDir).entries.values()][0]?.state === 'sent');
    // Sent once, and never again: a new mail makes the receiver read the outbox file again and send
    // what is due (what its poll does), which would be the retried mail too had it been left pending.
    // Stopping the receiver then waits for every delivery under way.
    expect((await postJson(`${origin}/api/forms/subscribe`, { email: 'after@example.com' })).status).toBe(201);
    await smtp.waitFor(2, 10_000);
    await allSent(dataDir);
    await receivers.closeAll();
    expect(smtp.delivered.map((d) => d.envelopeTo[0])).toEqual(['bounce@example.com', 'after@example.com']);
  });
});
