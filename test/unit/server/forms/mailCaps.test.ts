import { describe, it, expect, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MailCaps, capKey } from '../../../../src/server/forms/mailCaps.js';
import { Outbox, type OutboxMail } from '../../../../src/server/forms/outbox.js';

// The hourly caps on mails to visitors' addresses, counted from the outbox file: per address and in
// all, across Outbox instances on one folder (another receiver, a restart), places held by mails
// being queued, and a window that slides (mails older than an hour no longer count).

const dirs: string[] = [];
const outboxes: Outbox[] = [];
afterEach(async () => {
  for (const o of outboxes.splice(0)) await o.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-caps-'));
  dirs.push(d);
  return d;
};
const open = (dir: string) => {
  const o = new Outbox(dir);
  outboxes.push(o);
  return o;
};

let n = 0;
const mail = (to: string, kind: OutboxMail['kind'] = 'booking-visitor'): OutboxMail => {
  const id = `m${n++}`;
  return { id, kind, messageId: `<${id}@x>`, date: '', from: 'a@gizmo.test', to: [to], subject: 's', text: 't', html: 'h', locale: 'en' };
};

/** Takes a place and queues the mail, as mailing.ts does. */
async function send(caps: MailCaps, outbox: Outbox, m: OutboxMail): Promise<boolean> {
  const hold = caps.take(m.to[0]);
  if (!hold.ok) return false;
  await outbox.queue([m]);
  hold.release();
  return true;
}

describe('hourly caps on mails to visitors', () => {
  it('sends three mails an hour to one address (any case, any +tag) and refuses the fourth, also after a restart', async () => {
    const dir = tmp();
    const first = open(dir);
    const caps = new MailCaps(first, { perAddressPerHour: 3, perHour: 100 });
    expect(await send(caps, first, mail('ada@example.com'))).toBe(true);
    expect(await send(caps, first, mail('Ada+news@Example.com', 'subscription-confirm'))).toBe(true);
    expect(await send(caps, first, mail('ADA@EXAMPLE.COM'))).toBe(true);
    const fourth = caps.take('ada+x@example.com');
    expect(fourth).toEqual({ ok: false, reason: '3 mails went to this address within the hour (forms.mail.limits.perAddressPerHour: 3)' });
    // Other addresses and mails to the team are not held back.
    expect(await send(caps, first, mail('grace@example.com'))).toBe(true);
    await first.queue([mail('team@gizmo.test', 'booking-team'), mail('team@gizmo.test', 'booking-team')]);
    // A new receiver on the folder (a restart, or a second receiver) counts the same mails.
    const again = new MailCaps(open(dir), { perAddressPerHour: 3, perHour: 100 });
    expect(again.take('ada@example.com').ok).toBe(false);
    expect(again.take('grace@example.com').ok).toBe(true);
  });

  it('refuses every mail to a visitor past the hourly total, counting places held by mails being queued', async () => {
    const dir = tmp();
    const outbox = open(dir);
    const caps = new MailCaps(outbox, { perAddressPerHour: 3, perHour: 4 });
    for (let i = 0; i < 2; i++) expect(await send(caps, outbox, mail(`r${i}@example.com`))).toBe(true);
    // Two submissions at once: both places held before either mail is on disk.
    const a = caps.take('r2@example.com');
    const b = caps.take('r3@example.com');
    expect([a.ok, b.ok]).toEqual([true, true]);
    expect(caps.take('r4@example.com')).toEqual({ ok: false, reason: '4 mails went to visitors within the hour (forms.mail.limits.perHour: 4)' });
    if (a.ok) a.release();
    expect(caps.take('r4@example.com').ok).toBe(true);
    const other = new MailCaps(open(dir), { perAddressPerHour: 3, perHour: 2 });
    expect(other.take('r9@example.com').ok).toBe(false);
  });

  it('counts only the mails of the last hour', async () => {
    const dir = tmp();
    const outbox = open(dir);
    let now = Date.now();
    const caps = new MailCaps(outbox, { perAddressPerHour: 1, perHour: 100 }, () => now);
    expect(await send(caps, outbox, mail('ada@example.com'))).toBe(true);
    expect(caps.take('ada@example.com').ok).toBe(false);
    now += 3_600_000 + 1000;
    expect(caps.take('ada@example.com').ok).toBe(true);
  });

  it('counts an address in lower case without its +tag', () => {
    expect(capKey(' Ada+News+x@Example.COM')).toBe('ada@example.com');
    expect(capKey('ada@example.com')).toBe('ada@example.com');
  });
});
