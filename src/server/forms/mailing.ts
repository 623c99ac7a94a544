import crypto from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import type { StoredSubmission } from './store.js';
import { readSubmissions } from './store.js';
import { Outbox, type OutboxMail } from './outbox.js';
import { MailSender, type MailTransport, type RetryPolicy } from './sender.js';
import { SubscriptionBook, normalEmail } from './subscriptions.js';
import { Tokens } from './tokens.js';
import { bookingMails, confirmationMail, type MailSetup } from './compose.js';
import { oneMailbox } from './mailbox.js';
import { DEFAULT_MAIL_LIMITS, MailCaps, VISITOR_KINDS, type CapHold, type MailLimits } from './mailCaps.js';

// What the receiver does with mail: the mails of each accepted submission (queued durably before
// the 201), the subscription states and their links (confirm, unsubscribe), and the background
// sender. Made by index.ts from `forms.mail`; the receiver calls `refuse`, `accept` and `link`.
// A visitor's address is mailed only as one mailbox (mailbox.ts) and within the hourly caps
// (mailCaps.ts); a mail over a cap is not queued at all (the submission is kept), and logged.

export type FormKind = 'booking' | 'subscription';
export type LandingPage = 'confirmed' | 'expired' | 'unsubscribe';

export interface MailingOptions {
  dataDir: string;
  kinds: Record<string, FormKind>;
  setup: MailSetup;
  transport: MailTransport;
  retry: RetryPolicy;
  tokens: Tokens;
  confirmHours: number;
  cooldownMinutes: number;
  /** Hourly caps on mails to visitors' addresses (default: 3 per address, 200 in all). */
  limits?: MailLimits;
  /** Url of the receiver in links: `https://example.com/api/forms` (no trailing slash). */
  linkBase: string;
  /** Url of a landing page in a locale (root-relative on the receiver's own origin, else absolute). */
  landing(page: LandingPage, locale: string | undefined): string;
  log: (line: string) => void;
  concurrency?: number;
  pollMs?: number;
}

export interface Mailing {
  kindOf(form: string): FormKind | undefined;
  /** Field errors (message ids) of a submission whose address this would mail but cannot: not one mailbox. */
  refuse(form: string, data: Record<string, unknown>): Record<string, string> | undefined;
  /**
   * Queues the mails of a stored submission (and records a subscription request); resolves once on
   * disk. `linkOrigin`: the origin their links start with instead of `linkBase`'s (the page's own
   * server, origin.ts `ownPageOrigin`).
   */
  accept(submission: StoredSubmission, locale: string, linkOrigin?: string): Promise<void>;
  /** GET/POST <mount>/<form>/confirm|unsubscribe?t=<token>. */
  link(req: http.IncomingMessage, res: http.ServerResponse, form: string, action: 'confirm' | 'unsubscribe', reply: Reply): Promise<void>;
  readonly outbox: Outbox;
  close(): Promise<void>;
}

export type Reply = (status: number, body: unknown, headers?: Record<string, string>) => void;

/** Bookings stored this long before a restart without their mails get them then (a crash between the two writes). */
const RECOVER_MS = 60 * 60 * 1000;

export function createMailing(o: MailingOptions): Mailing {
  const outbox = new Outbox(o.dataDir);
  const caps = new MailCaps(outbox, o.limits ?? DEFAULT_MAIL_LIMITS);
  const books = new Map<string, SubscriptionBook>();
  for (const [form, kind] of Object.entries(o.kinds)) if (kind === 'subscription') books.set(form, new SubscriptionBook(o.dataDir, form, o.cooldownMinutes * 60_000));

  // A mail's id (and Message-ID) follows from what it is the mail of: the repair at start-up and the
  // receiver that stored the submission (this one, or another on the same folder) make the same mail,
  // and the outbox keeps the first of the two.
  const keyed = (mail: OutboxMail, key: string): OutboxMail => {
    const id = crypto
      .createHash('sha256')
      .update(key)
      .digest('hex')
      .slice(0, 32)
      .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
    return { ...mail, id, messageId: `<${id}@${o.setup.domain}>` };
  };
  const mailsOfBooking = (submission: StoredSubmission, locale: string) => bookingMails(o.setup, { submission, locale }).map((m) => keyed(m, `${submission.id} ${m.kind}`));

  // What a stored submission's address is when it is not one mailbox (an older file, a caller
  // without the receiver's check): nothing is mailed to it, once said.
  const addressOf = (form: string, id: string, value: unknown): string | undefined => {
    if (value === undefined || value === '') return undefined;
    const m = oneMailbox(value);
    if (m.ok) return m.address;
    o.log(`mail: nothing sent to ${JSON.stringify(String(value).slice(0, 100))} (${form} ${id}): not one mailbox, ${m.reason}`);
    return undefined;
  };
  const overCap = (mail: Pick<OutboxMail, 'kind' | 'to'>, hold: CapHold): hold is Extract<CapHold, { ok: false }> => {
    if (hold.ok) return false;
    o.log(`mail: ${mail.kind} to ${mail.to.join(', ')} not sent: ${hold.reason}`);
    return true;
  };
  /** Queues the mails within the caps (mails to the team have none); logs each one that is not. */
  const queueWithinCaps = async (mails: OutboxMail[]): Promise<void> => {
    const holds: (() => void)[] = [];
    const kept = mails.filter((m) => {
      if (!VISITOR_KINDS.has(m.kind)) return true;
      const taken = m.to.map((to) => caps.take(to));
      const refused = taken.find((h) => !h.ok);
      for (const h of taken) {
        if (!h.ok) continue;
        if (refused) h.release();
        else holds.push(h.release);
      }
      return !(refused && overCap(m, refused));
    });
    try {
      await outbox.queue(kept);
    } finally {
      for (const release of holds) release();
    }
  };

  const linkFor = (form: string, action: 'confirm' | 'unsubscribe', token: string, linkOrigin?: string) =>
    `${linkOrigin ? `${linkOrigin}${new URL(o.linkBase).pathname}` : o.linkBase}/${encodeURIComponent(form)}/${action}?t=${token}`;

  const confirmationFor = (form: string, submission: string, email: string, locale: string, nonce: string, linkOrigin?: string): OutboxMail => {
    const e = normalEmail(email);
    const confirm = o.tokens.sign({ e, a: 'c', n: nonce, x: Math.floor(Date.now() / 1000 + o.confirmHours * 3600) });
    const unsubscribe = o.tokens.sign({ e, a: 'u', n: 'u' });
    const mail = confirmationMail(o.setup, {
      submission,
      email,
      locale,
      confirmUrl: linkFor(form, 'confirm', confirm, linkOrigin),
      unsubscribeUrl: linkFor(form, 'unsubscribe', unsubscribe, linkOrigin),
      hours: o.confirmHours,
    });
    return { ...keyed(mail, `${form} ${nonce} ${mail.kind}`), ref: nonce };
  };

  // Writes that a crash can separate: a booking stored without its mails, a pending subscription
  // without its confirmation mail. Neither was acknowledged, but both happened: queue what is missing.
  const recover = async () => {
    const queued = new Set<string>();
    for (const e of outbox.entries.values()) {
      if (e.mail.submission) queued.add(e.mail.submission);
      if (e.mail.ref) queued.add(e.mail.ref);
    }
    const missing: OutboxMail[] = [];
    for (const [form, kind] of Object.entries(o.kinds)) {
      if (kind === 'booking') {
        for (const s of readSubmissions({ dataDir: o.dataDir, form }).records) {
          if (!queued.has(s.id) && Date.now() - Date.parse(s.receivedAt) < RECOVER_MS) {
            addressOf(form, s.id, s.data.email);
            missing.push(...mailsOfBooking(s, s.locale ?? 'en'));
          }
        }
      } else {
        for (const sub of books.get(form)!.pending()) {
          const nonce = sub.nonces.at(-1);
          if (nonce && !queued.has(nonce) && Date.now() - sub.lastMailAt < o.confirmHours * 3_600_000) {
            const email = addressOf(form, nonce, sub.email);
            if (email) missing.push(confirmationFor(form, '', email, sub.locale ?? 'en', nonce));
          }
        }
      }
    }
    if (missing.length) {
      o.log(`mail: queued ${missing.length} mail${missing.length === 1 ? '' : 's'} a crash kept from the outbox`);
      await queueWithinCaps(missing);
    }
  };
  const recovered = recover().catch((e) => o.log(`mail: cannot recover: ${(e as Error).message}`));

  const sender = new MailSender({ outbox, transport: o.transport, retry: o.retry, concurrency: o.concurrency ?? 4, pollMs: o.pollMs, log: o.log, lockFile: path.join(o.dataDir, 'outbox.lock') });
  o.log(o.transport.description);

  return {
    outbox,
    kindOf: (form) => o.kinds[form],

    refuse(form, data) {
      const value = data.email;
      if (!o.kinds[form] || value === undefined || value === '') return undefined;
      return oneMailbox(value).ok ? undefined : { email: 'form.error.email' };
    },

    async accept(submission, locale, linkOrigin) {
      const kind = o.kinds[submission.form];
      if (kind === 'booking') {
        addressOf(submission.form, submission.id, submission.data.email);
        return queueWithinCaps(mailsOfBooking(submission, locale));
      }
      if (kind !== 'subscription') return;
      const email = addressOf(submission.form, submission.id, submission.data.email);
      if (!email) return;
      // No mail for an address already confirmed, or pending with a mail sent within the cool-down;
      // the answer is the same either way, so nobody learns whether an address is subscribed. A mail
      // that is due and over a cap is not sent, and the address is not marked as mailed.
      let hold: CapHold | undefined;
      const allow = () => {
        if (hold?.ok) hold.release();
        hold = caps.take(email);
        return !overCap({ kind: 'subscription-confirm', to: [email] }, hold);
      };
      try {
        const nonce = await books.get(submission.form)!.request(email, locale, Date.now(), allow);
        if (nonce) await outbox.queue([confirmationFor(submission.form, submission.id, email, locale, nonce, linkOrigin)]);
      } finally {
        if (hold?.ok) hold.release();
      }
    },

    async link(req, res, form, action, reply) {
      const book = books.get(form);
      const token = new URL(req.url ?? '/', 'http://x').searchParams.get('t') ?? '';
      const payload = book ? o.tokens.verify(token) : undefined;
      req.resume();
      const see = (page: LandingPage, locale: string | undefined, query = '') => {
        res.writeHead(303, { Location: `${o.landing(page, locale)}${query}`, 'Cache-Control': 'no-store', 'Content-Length': '0', 'Referrer-Policy': 'no-referrer' });
        res.end();
      };
      if (action === 'confirm') {
        if (req.method !== 'GET' && req.method !== 'POST') return reply(405, { ok: false, error: 'form.error.method' }, { Allow: 'GET, POST' });
        if (!book || !payload || payload.a !== 'c') return see('expired', undefined);
        const r = await book.confirm(payload);
        return see(r.result === 'confirmed' ? 'confirmed' : 'expired', r.subscriber?.locale);
      }
      if (!book || !payload || payload.a !== 'u') return reply(400, { ok: false, error: 'form.error.link' });
      // A GET (a person, or a mail scanner following links) only opens the page that asks; the page's
      // button and mail programs' one-click (RFC 8058) POST. Unsubscribing twice is the same as once.
      if (req.method === 'GET' || req.method === 'HEAD') return see('unsubscribe', book.get(payload.e)?.locale, `?t=${encodeURIComponent(token)}`);
      if (req.method !== 'POST') return reply(405, { ok: false, error: 'form.error.method' }, { Allow: 'GET, POST' });
      await book.unsubscribe(payload.e);
      reply(200, { ok: true });
    },

    async close() {
      await recovered;
      await sender.stop();
      await Promise.all([outbox.close(), ...[...books.values()].map((b) => b.close())]);
    },
  };
}
