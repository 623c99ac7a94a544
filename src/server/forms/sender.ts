import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Outbox, OutboxMail } from './outbox.js';
import { DIR_MODE, FILE_MODE, syncDir } from './appendLog.js';
import { DEFAULT_LOCK_TIMING, OutboxLock, type LockTiming } from './outboxLock.js';
import { mailboxOrThrow, oneMailbox } from './mailbox.js';
import { headerLine } from './visitorText.js';

// The background sender: takes due mails from the outbox, hands them to the transport and records
// the outcome durably. A failure is retried with exponential backoff (first delay doubled each time,
// up to a ceiling, with ±25% jitter so many mails do not retry in step); an SMTP 5xx answer or the
// last allowed attempt marks the mail failed (`sitegen forms outbox retry` queues it again).
//
// Exactly once after success: a mail is marked sent (fsync'ed) right after the server accepts it,
// and a sent mail is never picked again. The one window left is a crash between the server's "250
// accepted" and that mark: the mail is then sent again on restart. We chose that over losing it;
// the copy carries the same Message-ID (fixed when queued), so mail clients and the team can tell it
// is the same message.

export interface MailTransport {
  /** Said once at start-up: where mail goes. */
  readonly description: string;
  send(mail: OutboxMail): Promise<{ response?: string; file?: string }>;
  close(): void;
}

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  attempts: number;
}

/**
 * Why a mail cannot go as it is: its sender, a recipient or its Reply-To is not one mailbox (a mail
 * queued by an older sitegen, or a bug), or it has no recipient. Such a mail is failed, never sent.
 */
export function mailProblem(mail: OutboxMail): string | undefined {
  if (!mail.to.length) return 'no recipient';
  const fields: [string, string][] = [['From', mail.from], ...mail.to.map((t): [string, string] => ['To', t]), ...(mail.replyTo ? [['Reply-To', mail.replyTo] as [string, string]] : [])];
  for (const [field, value] of fields) {
    const m = oneMailbox(value);
    if (!m.ok) return `${field} ${JSON.stringify(String(value).slice(0, 100))} is not one mailbox (${m.reason})`;
  }
  return undefined;
}

/**
 * The nodemailer message of an outbox mail: every address as one parsed mailbox (nodemailer does
 * not parse a string again, so nothing in it can become a second recipient), display names without
 * bidirectional controls, subject and headers on one line without them either.
 */
export function nodemailerMessage(mail: OutboxMail): SendMailOptions {
  return {
    messageId: mail.messageId,
    date: mail.date,
    from: mailboxOrThrow(mail.from, 'From'),
    to: mail.to.map((t) => mailboxOrThrow(t, 'To')),
    replyTo: mail.replyTo ? mailboxOrThrow(mail.replyTo, 'Reply-To') : undefined,
    subject: headerLine(mail.subject),
    text: mail.text,
    html: mail.html,
    headers: mail.headers && Object.fromEntries(Object.entries(mail.headers).map(([k, v]) => [k, headerLine(String(v))])),
    // Text and HTML as UTF-8 quoted-printable (readable in the .eml files too).
    textEncoding: 'quoted-printable',
  };
}

/** SMTP through nodemailer (a pool of a few connections), from a url such as smtp://user:pass@host:587. */
export function smtpTransport(url: string, connections: number): MailTransport {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: connections, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  const where = (() => {
    try {
      const u = new URL(url);
      return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`;
    } catch {
      return 'the SMTP server';
    }
  })();
  return {
    description: `Mail is sent through ${where}`,
    async send(mail) {
      const info = await transport.sendMail(nodemailerMessage(mail));
      return { response: String(info.response ?? '') };
    },
    close: () => transport.close(),
  };
}

/** No SMTP: each message becomes an .eml file in `dir` (a local outbox to open with any mail program). */
export function emlTransport(dir: string, log: (line: string) => void): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `Mail is not being sent (no SMTP url): messages are written to ${dir}`,
    async send(mail) {
      const info = await composer.sendMail(nodemailerMessage(mail));
      await fs.promises.mkdir(dir, { recursive: true, mode: DIR_MODE });
      const file = path.join(dir, `${mail.date ? new Date(mail.date).toISOString().replace(/[:.]/g, '-') : ''}-${mail.kind}-${mail.id}.eml`);
      await fs.promises.writeFile(file, info.message as Buffer, { mode: FILE_MODE, flush: true });
      await syncDir(dir);
      log(`mail: ${mail.kind} to ${mail.to.join(', ')} written to ${file}`);
      return { file };
    },
    close: () => composer.close(),
  };
}

/** Failed attempts of one mail after which the outbox is said to be stuck (logged once until a mail goes out). */
const STUCK_ATTEMPTS = 3;

export class MailSender {
  private readonly inflight = new Set<string>();
  /** Delivered, but the mark could not be written: not sent again by this process. */
  private readonly unrecorded = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<void>[] = [];
  private readonly unsubscribe: () => void;
  private readonly lock: OutboxLock | undefined;
  /** Said that mails wait for another sender (once until this one sends again). */
  private waitSaid = false;
  /** Said that mails are not getting through (once until one does). */
  private stuckSaid = false;

  constructor(
    private readonly params: {
      outbox: Outbox;
      transport: MailTransport;
      retry: RetryPolicy;
      /** Mails delivered at the same time. */
      concurrency: number;
      /** How often the outbox file is read again for mails another process requeued. */
      pollMs?: number;
      /**
       * Held while sending, so that two receivers on one data folder (`serve` and `forms`, or `dev`
       * swapping its receiver) never deliver the same mail: the other one waits. A lock its holder
       * stopped refreshing is taken over (outboxLock.ts).
       */
      lockFile?: string;
      lockTiming?: LockTiming;
      log: (line: string) => void;
    },
  ) {
    this.lock = params.lockFile ? new OutboxLock(params.lockFile, params.lockTiming) : undefined;
    this.unsubscribe = params.outbox.onQueued(() => this.wake());
    this.wake();
  }

  /** Whether this sender may deliver: it holds the data folder's sending lock (taking it when free or stale). */
  private mayDeliver(): boolean {
    if (!this.lock) return true;
    const { log, lockFile, outbox } = this.params;
    const attempt = this.lock.acquire();
    if (attempt.held) {
      if (attempt.tookOver) log(`mail: took over the sending lock ${lockFile} from "${attempt.tookOver.holder}", not refreshed for ${Math.round(attempt.tookOver.ageMs / 1000)} s`);
      this.waitSaid = false;
      return true;
    }
    if (attempt.lost) {
      log(`mail: another sender took over the sending lock ${lockFile} ("${attempt.holder}") while this one was stalled: this one stops sending`);
      this.waitSaid = true;
    }
    const waiting = [...outbox.entries.values()].filter((e) => e.state === 'pending').length;
    if (waiting && !this.waitSaid) {
      const stale = (this.params.lockTiming ?? DEFAULT_LOCK_TIMING).staleMs / 1000;
      log(
        `mail: ${waiting} mail${waiting === 1 ? '' : 's'} wait for another sender, which holds the sending lock ${lockFile} ("${attempt.holder}"); it is taken over once it is not refreshed for ${stale} s`,
      );
      this.waitSaid = true;
    }
    return false;
  }

  /** Looks for due mails now. */
  wake(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const { outbox, concurrency } = this.params;
    outbox.refresh();
    if (!this.mayDeliver()) {
      this.timer = setTimeout(() => this.wake(), this.params.pollMs ?? 2000);
      this.timer.unref();
      return;
    }
    const now = Date.now();
    let nextDue = Infinity;
    for (const entry of outbox.entries.values()) {
      if (entry.state !== 'pending' || this.inflight.has(entry.mail.id) || this.unrecorded.has(entry.mail.id)) continue;
      if (entry.due > now) {
        nextDue = Math.min(nextDue, entry.due);
        continue;
      }
      if (this.inflight.size >= concurrency) break;
      this.inflight.add(entry.mail.id);
      const run = this.deliver(entry.mail, entry.attempts).finally(() => {
        this.inflight.delete(entry.mail.id);
        this.running = this.running.filter((r) => r !== run);
        this.wake();
      });
      this.running.push(run);
    }
    if (this.inflight.size < concurrency) {
      const wait = Math.max(10, Math.min(nextDue - now, this.params.pollMs ?? 2000));
      this.timer = setTimeout(() => this.wake(), wait);
      this.timer.unref();
    }
  }

  private async deliver(mail: OutboxMail, attempts: number): Promise<void> {
    const { outbox, transport, retry, log } = this.params;
    const problem = mailProblem(mail);
    if (problem) {
      log(`mail: ${mail.kind} ${mail.id} is not sent: ${problem}`);
      try {
        await outbox.record({ op: 'failed', at: new Date().toISOString(), id: mail.id, attempts, error: `not sent: ${problem}` });
      } catch (e) {
        log(`mail: cannot record a failed delivery: ${(e as Error).message}`);
      }
      return;
    }
    let result: { response?: string; file?: string };
    try {
      result = await transport.send(mail);
    } catch (e) {
      const err = e as Error & { responseCode?: number };
      const tries = attempts + 1;
      const error = `${err.responseCode ? `${err.responseCode} ` : ''}${err.message}`.slice(0, 500);
      const permanent = (err.responseCode ?? 0) >= 500;
      try {
        if (permanent || tries >= retry.attempts) {
          log(`mail: ${mail.kind} ${mail.id} to ${mail.to.join(', ')} failed after ${tries} attempt${tries === 1 ? '' : 's'}: ${error} (sitegen forms outbox retry sends it again)`);
          await outbox.record({ op: 'failed', at: new Date().toISOString(), id: mail.id, attempts: tries, error });
        } else {
          if (tries >= STUCK_ATTEMPTS && !this.stuckSaid) {
            this.stuckSaid = true;
            log(`mail: mails are not getting through: ${mail.kind} ${mail.id} to ${mail.to.join(', ')} failed ${tries} times (${error}); they stay in the outbox and are retried with growing delays`);
          }
          const delay = Math.min(retry.maxDelayMs, retry.firstDelayMs * 2 ** (tries - 1)) * (0.75 + Math.random() / 2);
          await outbox.record({ op: 'deferred', at: new Date().toISOString(), id: mail.id, attempts: tries, error, next: new Date(Date.now() + delay).toISOString() });
        }
      } catch (e2) {
        log(`mail: cannot record a failed delivery: ${(e2 as Error).message}`);
      }
      return;
    }
    this.stuckSaid = false;
    try {
      await outbox.record({ op: 'sent', at: new Date().toISOString(), id: mail.id, ...result });
    } catch (e) {
      // Delivered but not marked: it would go out again after a restart (same Message-ID). Keep it
      // out of this process's queue.
      log(`mail: delivered ${mail.id} but cannot record it: ${(e as Error).message}`);
      this.unrecorded.add(mail.id);
    }
  }

  /** Stops picking mails and waits for the deliveries under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.unsubscribe();
    await Promise.allSettled(this.running);
    this.lock?.release();
    this.params.transport.close();
  }
}
