import crypto from 'node:crypto';
import path from 'node:path';
import { AppendLog, readLogLines } from './appendLog.js';

// Newsletter double opt-in: the state of each address (pending → confirmed → unsubscribed) as
// events in <dataDir>/<form>.subscriptions.jsonl, fsync'ed before the receiver answers, folded in
// file order. A pending address holds the nonces of the confirmation mails sent to it; confirming
// spends them all, which makes each link single-use.
//
// Several receivers may share the data folder, so the file is the only state: it is read again
// (what was appended since the last read) before each decision. A decision is a compare-and-set in
// file order: the event names the address's version its writer saw (`seq`, the events applied to the
// address before it), and counts only if no other event about the address came in between; the
// writer reads back whether its event counted and, if not, decides again on the newer state.

export type SubscriptionState = 'pending' | 'confirmed' | 'unsubscribed';

export interface SubscriptionEvent {
  email: string;
  state: SubscriptionState;
  at: string;
  /** pending: the nonce of the confirmation mail sent with this event; confirmed: the one its link carried. */
  nonce?: string;
  /** The page language the address subscribed from. */
  locale?: string;
  /** The address's version the writer decided on; without it (unsubscribing, older files) the event always counts. */
  seq?: number;
}

export interface Subscriber {
  email: string;
  state: SubscriptionState;
  /** When it entered its state. */
  since: string;
  locale?: string;
  /** pending: nonces of the confirmation mails sent, and when the last went out. */
  nonces: string[];
  lastMailAt: number;
  /** Events about the address that counted (compare-and-set, see above). */
  version: number;
  /** confirmed: the nonce of the link that confirmed it. */
  confirmedBy?: string;
}

export const subscriptionsFile = (dataDir: string, form: string) => path.join(dataDir, `${form}.subscriptions.jsonl`);

/** Addresses are compared in lower case (the domain is case-insensitive; local parts are in practice). */
export const normalEmail = (email: string) => email.trim().toLowerCase();

function apply(map: Map<string, Subscriber>, ev: SubscriptionEvent): void {
  const cur = map.get(ev.email);
  const version = cur?.version ?? 0;
  // Written on a state another receiver's event changed in between: its writer decides again.
  if (ev.seq !== undefined && ev.seq !== version) return;
  if (ev.state === 'pending') {
    const keep = cur?.state === 'pending' ? cur.nonces : [];
    map.set(ev.email, {
      email: ev.email,
      state: 'pending',
      since: cur?.state === 'pending' ? cur.since : ev.at,
      locale: ev.locale ?? cur?.locale,
      nonces: ev.nonce ? [...keep, ev.nonce] : keep,
      lastMailAt: Date.parse(ev.at),
      version: version + 1,
    });
  } else {
    map.set(ev.email, {
      email: ev.email,
      state: ev.state,
      since: ev.at,
      locale: ev.locale ?? cur?.locale,
      nonces: [],
      lastMailAt: cur?.lastMailAt ?? 0,
      version: version + 1,
      confirmedBy: ev.state === 'confirmed' ? ev.nonce : undefined,
    });
  }
}

/** Every address of a subscription form with its current state (for export). */
export function readSubscribers(dataDir: string, form: string): Map<string, Subscriber> {
  const map = new Map<string, Subscriber>();
  for (const ev of readLogLines<SubscriptionEvent>(subscriptionsFile(dataDir, form)).values) apply(map, ev);
  return map;
}

export type ConfirmResult = { result: 'confirmed'; subscriber: Subscriber } | { result: 'expired' | 'invalid'; subscriber?: Subscriber };

export class SubscriptionBook {
  private readonly map = new Map<string, Subscriber>();
  private readonly log: AppendLog;
  /** Where the next read of the file starts. */
  private offset = 0;

  constructor(
    dataDir: string,
    readonly form: string,
    private readonly cooldownMs: number,
  ) {
    this.log = new AppendLog(subscriptionsFile(dataDir, form));
  }

  /** Reads what was appended since the last read (by this process or another). */
  private refresh(): void {
    const { values, next } = readLogLines<SubscriptionEvent>(this.log.file, this.offset);
    this.offset = next;
    for (const ev of values) apply(this.map, ev);
  }

  get(email: string): Subscriber | undefined {
    this.refresh();
    return this.map.get(normalEmail(email));
  }

  /** The addresses waiting for confirmation. */
  pending(): Subscriber[] {
    this.refresh();
    return [...this.map.values()].filter((s) => s.state === 'pending');
  }

  /**
   * A subscription request: the nonce of a confirmation mail to send, or undefined when none is due
   * (already confirmed, or pending with a mail sent within the cool-down, or `allow` says no once a
   * mail would be due). Resolves once on disk.
   */
  async request(rawEmail: string, locale: string, now = Date.now(), allow: () => boolean = () => true): Promise<string | undefined> {
    const email = normalEmail(rawEmail);
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      this.refresh();
      const cur = this.map.get(email);
      if (cur?.state === 'confirmed') return undefined;
      if (cur?.state === 'pending' && now - cur.lastMailAt < this.cooldownMs) return undefined;
      if (!allow()) return undefined;
      const nonce = crypto.randomBytes(12).toString('base64url');
      await this.log.append({ email, state: 'pending', at: new Date(now).toISOString(), nonce, locale, seq: cur?.version ?? 0 } satisfies SubscriptionEvent);
      this.refresh();
      if (this.map.get(email)?.nonces.includes(nonce)) return nonce;
    }
    return undefined;
  }

  /** Spends a confirmation token: confirmed, expired, or invalid (used already, superseded, unknown). */
  async confirm(token: { e: string; n: string; x?: number }, now = Date.now()): Promise<ConfirmResult> {
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      this.refresh();
      const cur = this.map.get(token.e);
      if (!cur || cur.state !== 'pending' || !cur.nonces.includes(token.n)) return { result: 'invalid', subscriber: cur };
      if (!token.x || token.x * 1000 < now) return { result: 'expired', subscriber: cur };
      await this.log.append({ email: token.e, state: 'confirmed', at: new Date(now).toISOString(), nonce: token.n, seq: cur.version } satisfies SubscriptionEvent);
      this.refresh();
      // Confirmed by this link: by this call, or by the same link followed on another receiver at once.
      const after = this.map.get(token.e)!;
      if (after.state === 'confirmed' && after.confirmedBy === token.n) return { result: 'confirmed', subscriber: after };
    }
    return { result: 'invalid', subscriber: this.map.get(token.e) };
  }

  /** Unsubscribes an address (any state); doing it again changes nothing. */
  async unsubscribe(email: string, now = Date.now()): Promise<void> {
    this.refresh();
    const cur = this.map.get(email);
    if (!cur || cur.state === 'unsubscribed') return;
    await this.log.append({ email, state: 'unsubscribed', at: new Date(now).toISOString() } satisfies SubscriptionEvent);
    this.refresh();
  }

  close(): Promise<void> {
    return this.log.close();
  }
}

/** Decisions about one address that lose to other receivers' this often in a row give up (no mail, or an invalid link). */
const MAX_TRIES = 5;
