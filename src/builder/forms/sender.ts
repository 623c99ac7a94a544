import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Outbox, OutboxMail } from './outbox.js';
import { DIR_MODE, FILE_MODE, syncDir } from './appendLog.js';
import { processAlive } from '../processAlive.js';

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

/** The nodemailer message of an outbox mail. */
export function nodemailerMessage(mail: OutboxMail): SendMailOptions {
  return {
    messageId: mail.messageId,
    date: mail.date,
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
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

export class MailSender {
  private readonly inflight = new Set<string>();
  /** Delivered, but the mark could not be written: not sent again by this process. */
  private readonly unrecorded = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<void>[] = [];
  private readonly unsubscribe: () => void;

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
       * swapping its receiver) never deliver the same mail: the other one waits. A lock left by a
       * process that died is taken over.
       */
      lockFile?: string;
      log: (line: string) => void;
    },
  ) {
    this.unsubscribe = params.outbox.onQueued(() => this.wake());
    this.wake();
  }

  private readonly lockToken = `${process.pid} ${crypto.randomBytes(8).toString('hex')}`;
  private locked = false;

  /** Whether this sender holds the data folder's sending lock (taking it when free or left by a dead process). */
  private lock(): boolean {
    const file = this.params.lockFile;
    if (!file || this.locked) return true;
    for (let tries = 0; tries < 3; tries++) {
      try {
        fs.writeFileSync(file, this.lockToken, { flag: 'wx', mode: FILE_MODE });
        this.locked = true;
        return true;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') {
          fs.mkdirSync(path.dirname(file), { recursive: true, mode: DIR_MODE });
          continue;
        }
        if (code !== 'EEXIST') return false;
      }
      let holder = '';
      try {
        holder = fs.readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      const pid = Number(holder.split(' ')[0]);
      if (pid && processAlive(pid)) return false;
      // Left by a process that is gone: take it over (only one of several contenders removes this very content).
      try {
        if (fs.readFileSync(file, 'utf8') === holder) fs.rmSync(file, { force: true });
      } catch {
        // Gone meanwhile: try again.
      }
    }
    return false;
  }

  private unlock(): void {
    const file = this.params.lockFile;
    if (!file || !this.locked) return;
    this.locked = false;
    try {
      if (fs.readFileSync(file, 'utf8') === this.lockToken) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  }

  /** Looks for due mails now. */
  wake(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.lock()) {
      this.timer = setTimeout(() => this.wake(), this.params.pollMs ?? 2000);
      this.timer.unref();
      return;
    }
    const { outbox, concurrency } = this.params;
    outbox.refresh();
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
          const delay = Math.min(retry.maxDelayMs, retry.firstDelayMs * 2 ** (tries - 1)) * (0.75 + Math.random() / 2);
          await outbox.record({ op: 'deferred', at: new Date().toISOString(), id: mail.id, attempts: tries, error, next: new Date(Date.now() + delay).toISOString() });
        }
      } catch (e2) {
        log(`mail: cannot record a failed delivery: ${(e2 as Error).message}`);
      }
      return;
    }
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
    this.unlock();
    this.params.transport.close();
  }
}
