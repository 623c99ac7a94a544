import crypto from 'node:crypto';
import path from 'node:path';
import { AppendLog, readLogLines } from './appendLog.js';

// Newsletter double opt-in: the state of each address (pending → confirmed → unsubscribed) as
// events in <dataDir>/<form>.subscriptions.jsonl, fsync'ed before the receiver answers, folded in
// file order on start-up (so states survive restarts). A pending address holds the nonces of the
// confirmation mails sent to it; confirming spends them all, which makes each link single-use.

export type SubscriptionState = 'pending' | 'confirmed' | 'unsubscribed';

export interface SubscriptionEvent {
  email: string;
  state: SubscriptionState;
  at: string;
  /** pending: the nonce of the confirmation mail sent with this event. */
  nonce?: string;
  /** The page language the address subscribed from. */
  locale?: string;
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
}

export const subscriptionsFile = (dataDir: string, form: string) => path.join(dataDir, `${form}.subscriptions.jsonl`);

/** Addresses are compared in lower case (the domain is case-insensitive; local parts are in practice). */
export const normalEmail = (email: string) => email.trim().toLowerCase();

function apply(map: Map<string, Subscriber>, ev: SubscriptionEvent): void {
  const cur = map.get(ev.email);
  if (ev.state === 'pending') {
    const keep = cur?.state === 'pending' ? cur.nonces : [];
    map.set(ev.email, {
      email: ev.email,
      state: 'pending',
      since: cur?.state === 'pending' ? cur.since : ev.at,
      locale: ev.locale ?? cur?.locale,
      nonces: ev.nonce ? [...keep, ev.nonce] : keep,
      lastMailAt: Date.parse(ev.at),
    });
  } else {
    map.set(ev.email, { email: ev.email, state: ev.state, since: ev.at, locale: ev.locale ?? cur?.locale, nonces: [], lastMailAt: cur?.lastMailAt ?? 0 });
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
  private readonly map: Map<string, Subscriber>;
  private readonly log: AppendLog;

  constructor(
    dataDir: string,
    readonly form: string,
    private readonly cooldownMs: number,
  ) {
    this.map = readSubscribers(dataDir, form);
    this.log = new AppendLog(subscriptionsFile(dataDir, form));
  }

  get(email: string): Subscriber | undefined {
    return this.map.get(normalEmail(email));
  }

  /** The addresses waiting for confirmation. */
  pending(): Subscriber[] {
    return [...this.map.values()].filter((s) => s.state === 'pending');
  }

  /**
   * A subscription request: the nonce of a confirmation mail to send, or undefined when none is due
   * (already confirmed, or pending with a mail sent within the cool-down). Resolves once on disk.
   */
  async request(rawEmail: string, locale: string, now = Date.now()): Promise<string | undefined> {
    const email = normalEmail(rawEmail);
    const cur = this.map.get(email);
    if (cur?.state === 'confirmed') return undefined;
    if (cur?.state === 'pending' && now - cur.lastMailAt < this.cooldownMs) return undefined;
    const nonce = crypto.randomBytes(12).toString('base64url');
    await this.write({ email, state: 'pending', at: new Date(now).toISOString(), nonce, locale });
    return nonce;
  }

  /** Spends a confirmation token: confirmed, expired, or invalid (used already, superseded, unknown). */
  async confirm(token: { e: string; n: string; x?: number }, now = Date.now()): Promise<ConfirmResult> {
    const cur = this.map.get(token.e);
    if (!cur || cur.state !== 'pending' || !cur.nonces.includes(token.n)) return { result: 'invalid', subscriber: cur };
    if (!token.x || token.x * 1000 < now) return { result: 'expired', subscriber: cur };
    await this.write({ email: token.e, state: 'confirmed', at: new Date(now).toISOString() });
    return { result: 'confirmed', subscriber: this.map.get(token.e)! };
  }

  /** Unsubscribes an address (any state); doing it again changes nothing. */
  async unsubscribe(email: string, now = Date.now()): Promise<void> {
    const cur = this.map.get(email);
    if (!cur || cur.state === 'unsubscribed') return;
    await this.write({ email, state: 'unsubscribed', at: new Date(now).toISOString() });
  }

  /** The new state counts at once (a second request arriving meanwhile sees it); undone if the write fails. */
  private async write(ev: SubscriptionEvent): Promise<void> {
    const before = this.map.get(ev.email);
    apply(this.map, ev);
    try {
      await this.log.append(ev);
    } catch (e) {
      if (before) this.map.set(ev.email, before);
      else this.map.delete(ev.email);
      throw e;
    }
  }

  close(): Promise<void> {
    return this.log.close();
  }
}
