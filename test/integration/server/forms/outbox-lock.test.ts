import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { writeSite } from '../../../helpers/buildFixture.js';
import { startSmtp, type TestSmtp } from '../../../helpers/smtp.js';
import { mailSiteConfig } from '../../../helpers/formsReceiver.js';
import { loadConfig } from '../../../../src/builder/config/loadConfig.js';
import { siteFormReceiver, readOutbox, type SiteForms } from '../../../../src/server/forms/index.js';
import { Outbox, type OutboxMail } from '../../../../src/server/forms/outbox.js';

// A container restart: the receiver was pid 1, died without removing its sending lock, and its new
// incarnation is pid 1 again. A lock that named its pid looked alive (the pid is the new process's),
// so the new receiver waited for itself forever and no pending mail went out. Here the receiver runs
// in this process and finds a lock naming this very pid, last refreshed a minute ago.

let smtp: TestSmtp;
let siteDir: string;
let forms: SiteForms | undefined;

beforeAll(async () => {
  smtp = await startSmtp();
  siteDir = writeSite({
    'site.config.ts': mailSiteConfig({ transport: 'LOCK_TEST_SMTP_URL' }),
  });
});

afterAll(async () => {
  await forms?.receiver.close();
  await smtp.stop();
  delete process.env.LOCK_TEST_SMTP_URL;
  fs.rmSync(siteDir, { recursive: true, force: true });
});

const mail = (i: number): OutboxMail => ({
  id: `m${i}`,
  kind: 'booking-team',
  messageId: `<m${i}@gizmo.test>`,
  date: new Date().toUTCString(),
  from: 'Gizmo <hello@gizmo.test>',
  to: [`r${i}@example.com`],
  subject: `Booking ${i}`,
  text: 'text',
  html: '<p>html</p>',
  locale: 'en',
});

describe('the outbox after a restart with the same pid', () => {
  it('delivers the pending mails although the lock left behind names this very pid', async () => {
    const dataDir = path.join(siteDir, 'data');
    // What the previous incarnation left: six queued mails and its lock, not refreshed for a minute.
    const previous = new Outbox(dataDir);
    await previous.queue(Array.from({ length: 6 }, (_, i) => mail(i)));
    await previous.close();
    const lockFile = path.join(dataDir, 'outbox.lock');
    fs.writeFileSync(lockFile, `${process.pid} 0123456789abcdef`, { mode: 0o600 });
    const leftAt = Date.now();
    const minuteAgo = new Date(leftAt - 60_000);
    fs.utimesSync(lockFile, minuteAgo, minuteAgo);

    process.env.LOCK_TEST_SMTP_URL = smtp.url;
    const { config } = await loadConfig({ configFile: path.join(siteDir, 'site.config.ts') });
    const log: string[] = [];
    forms = await siteFormReceiver({ config, siteDir, linkOrigin: 'http://127.0.0.1:9', log: (l) => log.push(l) });

    await smtp.waitFor(6, 20_000);
    expect(smtp.delivered.map((d) => d.envelopeTo[0]).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `r${i}@example.com`));
    const end = Date.now() + 10_000;
    while ([...readOutbox(dataDir).entries.values()].some((e) => e.state !== 'sent') && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    expect([...readOutbox(dataDir).entries.values()].map((e) => e.state)).toEqual(Array(6).fill('sent'));
    // The takeover is said once, with what was taken over.
    const said = log.filter((l) => l.includes('outbox.lock'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(new RegExp(`took over .*outbox\\.lock.*"${process.pid} 0123456789abcdef".*not refreshed for \\d+ s`));
    // Its age when taken over: a minute, and the seconds the receiver took to start (on a busy machine, more than half of one).
    const age = Number(/not refreshed for (\d+) s/.exec(said[0])![1]);
    expect(age).toBeGreaterThanOrEqual(60);
    expect(age).toBeLessThanOrEqual(60 + Math.ceil((Date.now() - leftAt) / 1000));
  }, 40_000);
});
