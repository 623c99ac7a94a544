import { describe, it, expect, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OutboxLock } from '../../../../src/server/forms/outboxLock.js';
import { Outbox, type OutboxMail } from '../../../../src/server/forms/outbox.js';
import { MailSender, type MailTransport } from '../../../../src/server/forms/sender.js';

const dirs: string[] = [];
const stops: (() => unknown)[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-lock-'));
  dirs.push(d);
  return d;
};
afterEach(async () => {
  for (const s of stops.splice(0)) await s();
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

function sender(params: { dir: string; who: string; delivered: string[]; log: string[]; staleMs: number }): { outbox: Outbox; sender: MailSender } {
  const outbox = new Outbox(params.dir);
  const transport: MailTransport = {
    description: params.who,
    send: async (m) => {
      params.delivered.push(`${params.who} ${m.id}`);
      return {};
    },
    close: () => undefined,
  };
  const s = new MailSender({
    outbox,
    transport,
    retry: { firstDelayMs: 10, maxDelayMs: 10, attempts: 3 },
    concurrency: 2,
    pollMs: 10,
    log: (l) => params.log.push(l),
    lockFile: path.join(params.dir, 'outbox.lock'),
    lockTiming: { staleMs: params.staleMs, heartbeatMs: params.staleMs / 5 },
  });
  stops.push(async () => {
    await s.stop();
    await outbox.close();
  });
  return { outbox, sender: s };
}

describe('the sending lock', () => {
  it('is kept by a holder that refreshes it, however long, and taken over once the holder stops', async () => {
    const file = path.join(tmp(), 'outbox.lock');
    // The bound is a second: a lock is stale when its holder's heartbeat has not run for that long, which
    // on a busy machine (load 20, 06:30 UTC) a bound of 150 ms was, with the holder alive.
    const holder = new OutboxLock(file, { staleMs: 1000, heartbeatMs: 20 });
    const other = new OutboxLock(file, { staleMs: 1000, heartbeatMs: 20 });
    expect(holder.acquire()).toEqual({ held: true });
    const first = fs.statSync(file).mtimeMs;
    // Until the holder has refreshed it past three times the bound: the heartbeat keeps it fresh.
    while (fs.statSync(file).mtimeMs < first + 3000) {
      expect(other.acquire().held).toBe(false);
      await new Promise((r) => setTimeout(r, 25));
    }
    // The holder hangs (its heartbeat stops, the file stays): the other takes over after the bound.
    (holder as unknown as { heartbeat: NodeJS.Timeout }).heartbeat.close();
    await until(() => other.acquire().held);
    expect(holder.stillHeld()).toBe(false);
    expect(holder.acquire()).toMatchObject({ held: false, lost: true });
    // A release by the one that lost it leaves the new holder's lock alone.
    holder.release();
    expect(other.stillHeld()).toBe(true);
    other.release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('is taken again by its holder when someone removed it', () => {
    const file = path.join(tmp(), 'outbox.lock');
    const holder = new OutboxLock(file, { staleMs: 1000, heartbeatMs: 200 });
    expect(holder.acquire().held).toBe(true);
    fs.rmSync(file);
    expect(holder.acquire()).toEqual({ held: true });
    expect(holder.stillHeld()).toBe(true);
    holder.release();
  });

  it('is taken by one of several contenders for a stale lock', () => {
    const file = path.join(tmp(), 'outbox.lock');
    fs.writeFileSync(file, 'gone');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(file, old, old);
    const contenders = Array.from({ length: 5 }, () => new OutboxLock(file, { staleMs: 1000, heartbeatMs: 200 }));
    const results = contenders.map((c) => c.acquire());
    expect(results.filter((r) => r.held)).toHaveLength(1);
    expect(results.find((r) => r.held)).toMatchObject({ tookOver: { holder: 'gone' } });
    expect(contenders.filter((c) => c.stillHeld())).toHaveLength(1);
    for (const c of contenders) c.release();
  });

  it('makes the mails wait for a live holder, saying so once, then delivers them when its lock goes stale', async () => {
    const dir = tmp();
    const lockFile = path.join(dir, 'outbox.lock');
    // A bound of a second, as above.
    const live = new OutboxLock(lockFile, { staleMs: 1000, heartbeatMs: 20 });
    expect(live.acquire().held).toBe(true);
    const delivered: string[] = [];
    const log: string[] = [];
    const { outbox } = sender({ dir, who: 'second', delivered, log, staleMs: 1000 });
    await outbox.queue([mail('a'), mail('b')]);
    await until(() => log.length > 0);
    // Still waiting, said once, while the holder refreshes its lock past several bounds.
    const first = fs.statSync(lockFile).mtimeMs;
    await until(() => fs.statSync(lockFile).mtimeMs > first + 3000, 30_000);
    expect(delivered).toEqual([]);
    expect(log).toEqual([
      expect.stringMatching(/^mail: 2 mails wait for another sender, which holds the sending lock .*outbox\.lock \(".* pid \d+ on .*"\); it is taken over once it is not refreshed for 1 s$/),
    ]);
    (live as unknown as { heartbeat: NodeJS.Timeout }).heartbeat.close();
    await until(() => delivered.length === 2);
    expect(delivered.sort()).toEqual(['second a', 'second b']);
    expect(log[1]).toMatch(/^mail: took over the sending lock .*outbox\.lock from ".* pid \d+ on .*", not refreshed for \d+ s/);
  });

  it('stops a holder from sending once another took its lock over', async () => {
    const dir = tmp();
    const lockFile = path.join(dir, 'outbox.lock');
    const delivered: string[] = [];
    const log: string[] = [];
    const { outbox, sender: first } = sender({ dir, who: 'first', delivered, log, staleMs: 10_000 });
    await outbox.queue([mail('a')]);
    await until(() => delivered.length === 1);
    // It stalled past the bound, and another process took the lock over meanwhile.
    fs.writeFileSync(lockFile, 'another holder');
    await outbox.queue([mail('b')]);
    await until(() => log.length >= 1);
    expect(log[0]).toMatch(/^mail: another sender took over the sending lock .*outbox\.lock \("another holder"\) while this one was stalled: this one stops sending$/);
    // Its next looks at the outbox (what its polls do) send nothing: a delivery started would be in
    // `delivered` at once (the transport notes it as it is called).
    first.wake();
    first.wake();
    expect(delivered).toEqual(['first a']);
    expect(outbox.entries.get('b')?.state).toBe('pending');
    expect(fs.readFileSync(lockFile, 'utf8')).toBe('another holder');
  });
});
