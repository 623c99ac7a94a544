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

// What the receiver does with mail: the mails of each accepted submission (queued durably before
// the 201), the subscription states and their links (confirm, unsubscribe), and the background
// sender. Made by index.ts from `forms.mail`; the receiver calls `accept` and `link`.

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
  /** Queues the mails of a stored submission (and records a subscription request); resolves once on disk. */
  accept(submission: StoredSubmission, locale: string): Promise<void>;
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

  const linkFor = (form: string, action: 'confirm' | 'unsubscribe', token: string) => `${o.linkBase}/${encodeURIComponent(form)}/${action}?t=${token}`;

  const confirmationFor = (form: string, submission: string, email: string, locale: string, nonce: string): OutboxMail => {
    const e = normalEmail(email);
    const confirm = o.tokens.sign({ e, a: 'c', n: nonce, x: Math.floor(Date.now() / 1000 + o.confirmHours * 3600) });
    const unsubscribe = o.tokens.sign({ e, a: 'u', n: 'u' });
    const mail = confirmationMail(o.setup, {
      submission,
      email,
      locale,
      confirmUrl: linkFor(form, 'confirm', confirm),
      unsubscribeUrl: linkFor(form, 'unsubscribe', unsubscribe),
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
          if (!queued.has(s.id) && Date.now() - Date.parse(s.receivedAt) < RECOVER_MS) missing.push(...mailsOfBooking(s, s.locale ?? 'en'));
        }
      } else {
        for (const sub of books.get(form)!.pending()) {
          const nonce = sub.nonces.at(-1);
          if (nonce && !queued.has(nonce) && Date.now() - sub.lastMailAt < o.confirmHours * 3_600_000) missing.push(confirmationFor(form, '', sub.email, sub.locale ?? 'en', nonce));
        }
      }
    }
    if (missing.length) {
      o.log(`mail: queued ${missing.length} mail${missing.length === 1 ? '' : 's'} a crash kept from the outbox`);
      await outbox.queue(missing);
    }
  };
  const recovered = recover().catch((e) => o.log(`mail: cannot recover: ${(e as Error).message}`));

  const sender = new MailSender({ outbox, transport: o.transport, retry: o.retry, concurrency: o.concurrency ?? 4, pollMs: o.pollMs, log: o.log, lockFile: path.join(o.dataDir, 'outbox.lock') });
  o.log(o.transport.description);

  return {
    outbox,
    kindOf: (form) => o.kinds[form],

    async accept(submission, locale) {
      const kind = o.kinds[submission.form];
      if (kind === 'booking') return outbox.queue(mailsOfBooking(submission, locale));
      if (kind !== 'subscription') return;
      const email = submission.data.email;
      if (typeof email !== 'string') return;
      // No mail for an address already confirmed, or pending with a mail sent within the cool-down;
      // the answer is the same either way, so nobody learns whether an address is subscribed.
      const nonce = await books.get(submission.form)!.request(email, locale);
      if (nonce) await outbox.queue([confirmationFor(submission.form, submission.id, email, locale, nonce)]);
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
