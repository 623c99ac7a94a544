import { describe, it, expect, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Outbox, type OutboxMail } from '../../../../src/server/forms/outbox.js';
import { MailSender, type MailTransport } from '../../../../src/server/forms/sender.js';

// A stuck outbox is said: mails that keep failing stayed "pending" with nothing in the log for hours
// (until their last attempt).

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const mail = (id: string): OutboxMail => ({ id, kind: 'booking-team', messageId: `<${id}@x>`, date: '', from: 'a@b.c', to: ['t@b.c'], subject: 's', text: 't', html: 'h', locale: 'en' });

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not true within ${ms} ms: ${check.toString()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the mail sender', () => {
  it('says once that mails are not getting through, and again only after one did', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-sender-'));
    dirs.push(dir);
    const outbox = new Outbox(dir);
    let up = false;
    const transport: MailTransport = {
      description: 'test',
      send: async () => {
        if (!up) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        return {};
      },
      close: () => undefined,
    };
    const log: string[] = [];
    const sender = new MailSender({ outbox, transport, retry: { firstDelayMs: 5, maxDelayMs: 10, attempts: 100 }, concurrency: 2, pollMs: 10, log: (l) => log.push(l) });
    await outbox.queue([mail('a'), mail('b')]);
    await until(() => [...outbox.entries.values()].every((e) => e.attempts >= 8));
    expect(log).toEqual([
      expect.stringMatching(
        /^mail: mails are not getting through: booking-team [ab] to t@b\.c failed 3 times \(connect ECONNREFUSED 127\.0\.0\.1:25\); they stay in the outbox and are retried with growing delays$/,
      ),
    ]);
    up = true;
    await until(() => [...outbox.entries.values()].every((e) => e.state === 'sent'));
    up = false;
    await outbox.queue([mail('c')]);
    await until(() => (outbox.entries.get('c')?.attempts ?? 0) >= 3);
    expect(log).toHaveLength(2);
    await sender.stop();
    await outbox.close();
  });
});
