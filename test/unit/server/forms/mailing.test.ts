import { describe, it, expect, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMailing, type Mailing } from '../../../../src/server/forms/mailing.js';
import { readOutbox } from '../../../../src/server/forms/outbox.js';
import { SubmissionStore } from '../../../../src/server/forms/store.js';
import { SubscriptionBook } from '../../../../src/server/forms/subscriptions.js';
import { Tokens } from '../../../../src/server/forms/tokens.js';
import type { MailTransport } from '../../../../src/server/forms/sender.js';

// Two receivers on one data folder, each with its start-up repair of what a crash left without its
// mails: what one repairs while the other is queuing it (or both repair at once) is one mail, not two.
// Two Mailings in this process stand for the two receivers: they share nothing but the folder.

const dirs: string[] = [];
const open: Mailing[] = [];
afterEach(async () => {
  for (const m of open.splice(0)) await m.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not true within ${ms} ms: ${check.toString()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function receiver(dataDir: string, delivered: string[]): Mailing {
  const transport: MailTransport = {
    description: 'test',
    send: async (m) => {
      delivered.push(`${m.kind} ${m.to.join(',')}`);
      return {};
    },
    close: () => undefined,
  };
  const mailing = createMailing({
    dataDir,
    kinds: { questionnaire: 'booking', news: 'subscription' },
    setup: { site: 'Gizmo', from: 'Gizmo <hi@gizmo.test>', teamTo: ['team@gizmo.test'], domain: 'gizmo.test' },
    transport,
    retry: { firstDelayMs: 10, maxDelayMs: 10, attempts: 3 },
    tokens: new Tokens(Buffer.from('k'.repeat(64))),
    confirmHours: 48,
    cooldownMinutes: 15,
    linkBase: 'https://gizmo.test/api/forms',
    landing: () => '/',
    log: () => undefined,
    pollMs: 10,
  });
  open.push(mailing);
  return mailing;
}

const booking = { id: 'sub-1', form: 'questionnaire', receivedAt: new Date().toISOString(), locale: 'en', data: { name: 'Ada', email: 'ada@example.com' } };

describe('start-up repair with two receivers on one data folder', () => {
  it('queues one copy of a mail both receivers repair at once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-mailing-'));
    dirs.push(dataDir);
    // A crash left a booking and a pending address without their mails.
    const store = new SubmissionStore(dataDir);
    await store.append(booking);
    await store.close();
    const book = new SubscriptionBook(dataDir, 'news', 0);
    await book.request('bob@example.com', 'en');
    await book.close();

    const delivered: string[] = [];
    receiver(dataDir, delivered);
    receiver(dataDir, delivered);
    await until(() => delivered.length >= 3 && [...readOutbox(dataDir).entries.values()].every((e) => e.state === 'sent'));
    expect([...readOutbox(dataDir).entries.values()].map((e) => e.mail.kind).sort()).toEqual(['booking-team', 'booking-visitor', 'subscription-confirm']);
    expect(delivered.sort()).toEqual(['booking-team team@gizmo.test', 'booking-visitor ada@example.com', 'subscription-confirm bob@example.com']);
  });

  it('queues one copy of the mails of a booking one receiver repairs while the other queues them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-mailing-'));
    dirs.push(dataDir);
    // Receiver A stored the booking; B starts before A's mails are queued and repairs them.
    const store = new SubmissionStore(dataDir);
    await store.append(booking);
    await store.close();
    const delivered: string[] = [];
    receiver(dataDir, delivered);
    await until(() => readOutbox(dataDir).entries.size === 2);
    const a = receiver(dataDir, delivered);
    await a.accept(booking, 'en');
    await until(() => [...readOutbox(dataDir).entries.values()].every((e) => e.state === 'sent'));
    expect(readOutbox(dataDir).entries.size).toBe(2);
    expect(delivered.sort()).toEqual(['booking-team team@gizmo.test', 'booking-visitor ada@example.com']);
  });
});
