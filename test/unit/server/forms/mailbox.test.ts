import { describe, it, expect } from 'vitest';
import { oneMailbox } from '../../../../src/server/forms/mailbox.js';
import { headerLine, headerSafe, inert } from '../../../../src/server/forms/visitorText.js';
import { bookingMails, confirmationMail } from '../../../../src/server/forms/compose.js';
import { mailProblem, nodemailerMessage } from '../../../../src/server/forms/sender.js';
import type { OutboxMail } from '../../../../src/server/forms/outbox.js';
import { siteConfigSchema } from '../../../../src/builder/config/schema.js';

// What the receiver mails to an address a visitor typed: exactly one mailbox (nodemailer's parser),
// whatever the site's schema let through; visitor text in a mail to an unconfirmed address with no
// link a mail program would make, cut short; no bidirectional controls or line breaks in a header.

/** What mail programs turn into links: a scheme's "://", "www.", a domain name (a dot, then a letter). */
const LINKISH = [/[a-z][a-z0-9+.-]*:\/\//i, /\bwww\./i, /[\p{L}\p{N}-][.\u3002\uff0e\uff61]\p{L}/u];
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('one mailbox', () => {
  it('accepts one plain address, also with a display name, and gives the address alone', () => {
    expect(oneMailbox('ada@example.com')).toEqual({ ok: true, address: 'ada@example.com', name: '' });
    expect(oneMailbox('  Ada.Lovelace+news@Mail.Example.co.uk ')).toMatchObject({ ok: true, address: 'Ada.Lovelace+news@Mail.Example.co.uk' });
    expect(oneMailbox('Ada Lovelace <ada@example.com>')).toEqual({ ok: true, address: 'ada@example.com', name: 'Ada Lovelace' });
    expect(oneMailbox('<ada@example.com>')).toMatchObject({ ok: true, address: 'ada@example.com' });
    expect(oneMailbox('"Shifu, Inc" <hello@shifu.dev>')).toMatchObject({ ok: true, address: 'hello@shifu.dev', name: 'Shifu, Inc' });
    expect(oneMailbox('李雷 <lilei@例子.中国>')).toMatchObject({ ok: true, address: 'lilei@例子.中国' });
    expect(oneMailbox('Giz\u202emo <hi@gizmo.test>')).toMatchObject({ ok: true, name: 'Gizmo' });
    expect(oneMailbox(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.io`)).toMatchObject({ ok: true });
  });

  it.each([
    ['a list', 'a@x.org, v@evil.example', 'more than one address'],
    ['a list with ;', 'a@x.org;v@evil.example', 'more than one address'],
    ['CR LF and a Bcc', 'a@x.org\r\nBcc: v@evil.example', 'control character'],
    ['a bare LF', 'a@x.org\nv@evil.example', 'control character'],
    ['a tab', 'a@x.org\tb', 'control character'],
    ['a NUL', 'a@x.org\u0000', 'control character'],
    ['a line separator', 'a@x.org\u2028', 'control character'],
    ['a group', 'g: a@x.org, b@y.org;', 'group'],
    ['a group of one', 'g: a@x.org;', 'group'],
    ['a display name holding an address', '"v@evil.example" <a@x.org>', 'display name'],
    ['an unquoted name holding an address', 'v@evil.example <a@x.org>', 'display name'],
    ['an address behind one that looks like it', 'a@x.org <v@evil.example>', 'display name'],
    ['two words', 'a@x.org v@evil.example', 'more than one plain address'],
    ['a word before the address', 'a b@x.org', 'more than one plain address'],
    ['a comment', 'a@x.org (v@evil.example)', 'more than one plain address'],
    ['a quoted local part', '"a@x.org"@evil.example', 'local part'],
    ['no @', 'plain', 'no address'],
    ['no domain', 'a@', 'domain'],
    ['no local part', '@x.org', 'local part'],
    ['a domain without a dot', 'a@localhost', 'domain'],
    ['a domain literal', 'a@[127.0.0.1]', 'domain'],
    ['a numeric domain', 'a@127.0.0.1', 'domain'],
    ['a bidi control', 'a\u202e@x.org', 'bidirectional'],
    ['a local part over 64 octets', `${'a'.repeat(65)}@x.org`, '64 octets'],
    ['over 254 octets', `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(60)}.io`, '254 octets'],
    ['empty', '   ', 'empty'],
  ])('refuses %s', (_what, value, reason) => {
    const m = oneMailbox(value);
    expect(m.ok).toBe(false);
    expect(m.ok ? '' : m.reason).toContain(reason);
  });

  it('refuses what is not text', () => {
    for (const v of [undefined, null, 1, ['a@x.org'], { address: 'a@x.org' }]) expect(oneMailbox(v).ok).toBe(false);
  });
});

describe('visitor text', () => {
  it('keeps headers on one line without bidirectional controls', () => {
    expect(headerLine('New\r\nBcc: v@evil.example \u202eevil\u2066 \u200fx\u061c')).toBe('New Bcc: v@evil.example evil x');
    expect(headerSafe('Ada\u202eecalevoL\u2069', 100)).toBe('AdaecalevoL');
    expect(headerSafe('x'.repeat(10), 5)).toBe('xxxx…');
  });

  it('leaves no link in text for an unconfirmed address, and cuts it short', () => {
    const samples = [
      'Visit https://evil.example/win now',
      'hxxp nope: HTTP://EVIL.EXAMPLE',
      'www.evil.example',
      'evil.example/path?q=1',
      'mail v@evil.example',
      'ftp://1.2.3.4/x',
      'evil\u3002example and evil\uff0eexample',
      'evil.\u200bexample',
      'sub.domain.evil.co.uk',
    ];
    for (const s of samples) {
      const out = inert(s);
      for (const re of LINKISH) expect(out, `${s} → ${out}`).not.toMatch(re);
    }
    expect(inert('Visit https://evil.example/win')).toBe('Visit https[:]//evil[.]example/win');
    // Ordinary text stays readable: numbers, sentences, Chinese.
    expect(inert('Version 3.5 works. Thanks!')).toBe('Version 3.5 works. Thanks!');
    expect(inert('我们有 200 台设备。谢谢')).toBe('我们有 200 台设备。谢谢');
    expect(inert('a\r\nb')).toBe('a b');
    expect(Array.from(inert('x'.repeat(500)))).toHaveLength(200);
    expect(inert('x'.repeat(500)).endsWith('…')).toBe(true);
    expect(inert('y'.repeat(80), 60)).toHaveLength(60);
  });
});

describe('mails sitegen composes', () => {
  const setup = { site: 'Giz\u202emo', from: 'Gizmo <hi@gizmo.test>', teamTo: ['team@gizmo.test'], domain: 'gizmo.test' };
  const submission = (data: Record<string, unknown>) => ({ id: 's1', form: 'q', receivedAt: 'now', data });

  it('mails a booking only to one mailbox, and neither mails nor answers to anything else', () => {
    for (const email of ['a@x.org, v@evil.example', 'a@x.org\r\nBcc: v@evil.example', 'g: a@x.org, b@y.org;', 'v@evil.example <a@x.org>']) {
      const mails = bookingMails(setup, { submission: submission({ name: 'Ada', email }), locale: 'en' });
      expect(mails.map((m) => m.kind)).toEqual(['booking-team']);
      expect(mails[0].replyTo).toBeUndefined();
    }
    const [visitor, team] = bookingMails(setup, { submission: submission({ name: 'Ada', email: ' Ada <ada@example.com> ' }), locale: 'en' });
    expect(visitor.to).toEqual(['ada@example.com']);
    expect(team.replyTo).toBe('ada@example.com');
  });

  it("repeats the visitor's answers without links and cut short in their copy, in full in the team's", () => {
    const message = `Please look at https://evil.example/prize and www.evil.example ${'z'.repeat(400)}`;
    const [visitor, team] = bookingMails(setup, { submission: submission({ name: 'Winner at evil.example', email: 'ada@example.com', message }), locale: 'en' });
    for (const part of [visitor.text, visitor.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('https://');
      expect(part).not.toContain('z'.repeat(200));
    }
    expect(visitor.text).toContain('Hello Winner at evil[.]example,');
    expect(visitor.text).toContain('message: Please look at https[:]//evil[.]example/prize and www[.]evil[.]example zzz');
    // This site gives no labels: fields are named by their keys.
    expect(visitor.text).toMatch(/^email: ada@example\.com$/m);
    expect(team.text).toContain(message);
    // Many answers (a loose schema): the visitor's copy repeats 20.
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, `v${i}`]));
    const [copy] = bookingMails(setup, { submission: submission({ email: 'ada@example.com', ...many }), locale: 'en' });
    expect(copy.text).toContain('f18: v18');
    expect(copy.text).not.toContain('f19: v19');
  });

  it('writes no bidirectional control or line break into a subject or header', () => {
    const [visitor, team] = bookingMails(setup, { submission: submission({ name: 'Ada\u202eecalevoL\u2066', company: 'X\r\nY', email: 'ada@example.com' }), locale: 'en' });
    for (const m of [visitor, team]) expect(m.subject).not.toMatch(BIDI);
    expect(visitor.subject).toBe('Your Gizmo demo request: we will confirm the time by email');
    expect(team.subject).toBe('New demo booking: AdaecalevoL, X Y');
    const confirm = confirmationMail(setup, {
      submission: 's',
      email: 'r@x.co',
      locale: 'en',
      confirmUrl: 'https://g.test/c?t=1',
      unsubscribeUrl: 'https://g.test/u?t=2\r\nBcc: v@evil.example',
      hours: 48,
    });
    expect(confirm.subject).toBe('Please confirm your subscription to Gizmo news');
    expect(confirm.headers!['List-Unsubscribe']).not.toMatch(/[\r\n]/);
    expect(() => confirmationMail(setup, { submission: 's', email: 'a@x.org, v@evil.example', locale: 'en', confirmUrl: '', unsubscribeUrl: '', hours: 1 })).toThrow(/not one mailbox/);
  });

  it('hands nodemailer parsed mailboxes only, and refuses a mail queued with anything else', () => {
    const mail: OutboxMail = {
      id: 'm',
      kind: 'booking-visitor',
      messageId: '<m@x>',
      date: '',
      from: 'Giz\u202emo <hi@gizmo.test>',
      to: ['ada@example.com'],
      subject: 'Hi\u202e\r\nBcc: v@evil.example',
      text: '',
      html: '',
      locale: 'en',
    };
    expect(mailProblem(mail)).toBeUndefined();
    const message = nodemailerMessage(mail);
    expect(message.to).toEqual([{ name: '', address: 'ada@example.com' }]);
    expect(message.from).toEqual({ name: 'Gizmo', address: 'hi@gizmo.test' });
    expect(message.subject).toBe('Hi Bcc: v@evil.example');
    expect(mailProblem({ ...mail, to: ['a@x.org, v@evil.example'] })).toMatch(/^To "a@x\.org, v@evil\.example" is not one mailbox \(more than one address\)$/);
    expect(mailProblem({ ...mail, replyTo: 'a@x.org\r\nBcc: v@evil.example' })).toMatch(/^Reply-To .* is not one mailbox/);
    expect(mailProblem({ ...mail, to: [] })).toBe('no recipient');
    expect(() => nodemailerMessage({ ...mail, to: ['g: a@x.org, b@y.org;'] })).toThrow(/not one mailbox/);
  });
});

describe('the config', () => {
  const withMail = (mail: Record<string, unknown>) =>
    siteConfigSchema.safeParse({ title: 'X', url: 'https://x.test', forms: { mail: { from: 'Site <hello@x.test>', teamTo: 'team@x.test', ...mail } } });

  it('takes one address for from, teamTo and replyTo, and the hourly caps with their defaults', () => {
    const ok = withMail({ teamTo: ['a@x.test', 'Team <b@x.test>'], replyTo: 'answers@x.test' });
    expect(ok.success).toBe(true);
    expect(ok.data?.forms.mail?.limits).toEqual({ perAddressPerHour: 3, perHour: 200 });
    expect(withMail({ limits: { perHour: 10 } }).data?.forms.mail?.limits).toEqual({ perAddressPerHour: 3, perHour: 10 });
  });

  it.each([
    ['from', { from: 'a@x.test, b@y.test' }, 'more than one address'],
    ['teamTo', { teamTo: ['a@x.test', 'g: a@b.co;'] }, 'a group of addresses'],
    ['replyTo', { replyTo: 'a@x.test\r\nBcc: v@evil.example' }, 'control character'],
  ])('refuses a %s that is not one address', (field, mail, reason) => {
    const r = withMail(mail);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')).toMatch(
      new RegExp(`forms\\.mail\\.${field}.*: not one address such as "Site <hello@example\\.com>": .*${reason}`),
    );
  });
});
