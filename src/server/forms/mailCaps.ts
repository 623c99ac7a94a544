import type { MailKind, Outbox } from './outbox.js';

// Hourly caps on mails to visitors' addresses (a booking's confirmation, a subscription's double
// opt-in): addresses nobody has confirmed, so the form must not become a way to mail someone again
// and again, or many people at once. Counted from the outbox file, read again at each decision (the
// mails queued within the last hour, by this receiver or another on the same data folder, before a
// restart or after), plus the places this process holds for mails it is about to queue. Two
// receivers deciding at the very same moment may each let one mail past a cap: a cap, not a lock.

export interface MailLimits {
  /** Mails to one address (lower case, "+tag" dropped) within any hour. */
  perAddressPerHour: number;
  /** Mails to visitors' addresses in all within any hour. */
  perHour: number;
}

export const DEFAULT_MAIL_LIMITS: MailLimits = { perAddressPerHour: 3, perHour: 200 };

/** The mails that go to an address a visitor typed (the others go to the team's configured addresses). */
export const VISITOR_KINDS: ReadonlySet<MailKind> = new Set<MailKind>(['booking-visitor', 'subscription-confirm']);

const HOUR_MS = 3_600_000;

/** The address a cap counts: lower case, without a "+tag" (a+1@x.org and a+2@x.org reach the same person). */
export function capKey(address: string): string {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf('@');
  return `${a.slice(0, at).replace(/\+.*$/, '')}${a.slice(at)}`;
}

export type CapHold = { ok: true; release(): void } | { ok: false; reason: string };

export class MailCaps {
  /** Places held for mails being queued: hold id → cap key. */
  private readonly held = new Map<number, string>();
  private nextHold = 0;

  constructor(
    private readonly outbox: Outbox,
    private readonly limits: MailLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** A place for one mail to `address` within both caps, held until released (once the mail is queued, or not). */
  take(address: string): CapHold {
    this.outbox.refresh();
    const key = capKey(address);
    const since = this.now() - HOUR_MS;
    let all = this.held.size;
    let mine = [...this.held.values()].filter((k) => k === key).length;
    for (const e of this.outbox.entries.values()) {
      if (e.queuedAt < since || !VISITOR_KINDS.has(e.mail.kind)) continue;
      all++;
      if (e.mail.to.some((t) => capKey(t) === key)) mine++;
    }
    const { perAddressPerHour, perHour } = this.limits;
    if (mine >= perAddressPerHour)
      return { ok: false, reason: `${mine} mail${mine === 1 ? '' : 's'} went to this address within the hour (forms.mail.limits.perAddressPerHour: ${perAddressPerHour})` };
    if (all >= perHour) return { ok: false, reason: `${all} mails went to visitors within the hour (forms.mail.limits.perHour: ${perHour})` };
    const id = this.nextHold++;
    this.held.set(id, key);
    return { ok: true, release: () => void this.held.delete(id) };
  }
}
