import path from 'node:path';
import { AppendLog, readLogLines } from './appendLog.js';

// The durable outbox: every mail the receiver means to send, and what became of it, as events in
// <dataDir>/outbox.jsonl (an AppendLog, fsync'ed before anything is acknowledged). A mail's state is
// the fold of its events in file order: queue → pending; deferred → pending again later; failed →
// waits for `sitegen forms outbox retry`; sent → done for good (later events about it are ignored,
// so a retry written by the CLI while the mail was being delivered cannot send it again). The state
// in memory is only ever what the file says: the receiver's own events are read back after they are
// written, together with events other processes (the CLI) appended.

export type MailKind = 'booking-visitor' | 'booking-team' | 'subscription-confirm';

export interface OutboxMail {
  id: string;
  kind: MailKind;
  /** The submission it belongs to. */
  submission?: string;
  /** What else it belongs to (a confirmation mail: the nonce of its link). */
  ref?: string;
  /** Fixed when queued: a copy sent again after a crash carries the same Message-ID, so it is recognisably a duplicate. */
  messageId: string;
  /** RFC 5322 date, fixed when queued. */
  date: string;
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** The page language the mail is written in. */
  locale: string;
}

export type OutboxEvent =
  | { op: 'queue'; at: string; mail: OutboxMail }
  | { op: 'sent'; at: string; id: string; response?: string; file?: string }
  | { op: 'deferred'; at: string; id: string; attempts: number; error: string; next: string }
  | { op: 'failed'; at: string; id: string; attempts: number; error: string }
  | { op: 'retry'; at: string; id: string };

export interface OutboxEntry {
  mail: OutboxMail;
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  /** When a pending mail is due (ms since the epoch). */
  due: number;
  /** When it was queued (ms since the epoch): the hourly caps on mails to visitors count these (mailCaps.ts). */
  queuedAt: number;
  error?: string;
  sentAt?: string;
}

/** Applies one event (file order) to the states. */
export function applyOutboxEvent(entries: Map<string, OutboxEntry>, ev: OutboxEvent): void {
  if (ev.op === 'queue') {
    if (!entries.has(ev.mail.id)) entries.set(ev.mail.id, { mail: ev.mail, state: 'pending', attempts: 0, due: 0, queuedAt: Date.parse(ev.at) || 0 });
    return;
  }
  const entry = entries.get(ev.id);
  if (!entry || entry.state === 'sent') return;
  switch (ev.op) {
    case 'sent':
      Object.assign(entry, { state: 'sent', sentAt: ev.at, error: undefined });
      break;
    case 'deferred':
      Object.assign(entry, { state: 'pending', attempts: ev.attempts, error: ev.error, due: Date.parse(ev.next) });
      break;
    case 'failed':
      Object.assign(entry, { state: 'failed', attempts: ev.attempts, error: ev.error });
      break;
    case 'retry':
      if (entry.state === 'failed') Object.assign(entry, { state: 'pending', attempts: 0, due: 0 });
      break;
  }
}

export const outboxFile = (dataDir: string) => path.join(dataDir, 'outbox.jsonl');

/** Every mail of the outbox file with its state (for the CLI). */
export function readOutbox(dataDir: string): { entries: Map<string, OutboxEntry>; damaged: number } {
  const { values, damaged } = readLogLines<OutboxEvent>(outboxFile(dataDir));
  const entries = new Map<string, OutboxEntry>();
  for (const ev of values) applyOutboxEvent(entries, ev);
  return { entries, damaged };
}

export class Outbox {
  readonly entries = new Map<string, OutboxEntry>();
  private readonly log: AppendLog;
  private offset = 0;
  private listeners = new Set<() => void>();

  constructor(readonly dataDir: string) {
    this.log = new AppendLog(outboxFile(dataDir));
    this.refresh();
  }

  /** Reads the events appended since the last read (by this process or another) into the states. */
  refresh(): void {
    const { values, next } = readLogLines<OutboxEvent>(this.log.file, this.offset);
    this.offset = next;
    for (const ev of values) {
      applyOutboxEvent(this.entries, ev);
      // A sent mail's bodies are not needed again: keep only what identifies it.
      const entry = ev.op === 'sent' ? this.entries.get(ev.id) : undefined;
      if (entry?.state === 'sent' && entry.mail.html) entry.mail = { ...entry.mail, text: '', html: '', headers: undefined };
    }
  }

  /** Queues mails; resolves once they are on disk. */
  async queue(mails: OutboxMail[]): Promise<void> {
    if (!mails.length) return;
    const at = new Date().toISOString();
    await this.log.appendAll(mails.map((mail) => ({ op: 'queue', at, mail }) satisfies OutboxEvent));
    this.refresh();
    for (const l of this.listeners) l();
  }

  /** Records what became of a delivery attempt; resolves once on disk. */
  async record(ev: Exclude<OutboxEvent, { op: 'queue' }>): Promise<void> {
    await this.log.append(ev);
    this.refresh();
  }

  /** Called after mails are queued (the sender wakes up). */
  onQueued(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): Promise<void> {
    this.listeners.clear();
    return this.log.close();
  }
}
