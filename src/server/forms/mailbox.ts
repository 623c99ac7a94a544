import addressparser from 'nodemailer/lib/addressparser';

// What a visitor gave as an address, made exactly one mailbox or refused, whatever the site's form
// schema accepted. The parser is nodemailer's own (the one that turns `to` into SMTP recipients), so
// what passes here is what the mail goes to: one address. Refused: an empty value, a line break or
// any control character (a header injection such as "a@x.org\r\nBcc: v@evil.example"), a list ("a@x,
// b@y"), a group ("g: a@x, b@y;"), anything around the address but a plain display name (a comment,
// a second word, a name holding an address), a quoted or bracketed part, no domain or a domain
// without a dot, and more than RFC 5321 allows (64 octets of local part, 254 in all).

export type MailboxCheck = { ok: true; address: string; name: string } | { ok: false; reason: string };

/** RFC 5321: a path holds at most 256 octets with its angle brackets, a local part 64. */
export const MAX_ADDRESS_OCTETS = 254;
export const MAX_LOCAL_OCTETS = 64;

/** Bidirectional controls: they reorder what a mail program shows (U+061C, U+200E/F, U+202A–E, U+2066–9). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** `s` without bidirectional controls (every subject and display name sitegen writes). */
export const withoutBidi = (s: string) => s.replace(new RegExp(BIDI.source, 'g'), '');
/** Control characters and line separators: never in an address, replaced in any header sitegen writes. */
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** An atom of RFC 5322 (letters of any script allowed, SMTPUTF8), dots between atoms only. */
const LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;

const no = (reason: string): MailboxCheck => ({ ok: false, reason });

export function oneMailbox(value: unknown): MailboxCheck {
  if (typeof value !== 'string') return no('not text');
  if (CONTROL.test(value)) return no('a line break or control character');
  const given = value.trim();
  if (!given) return no('empty');
  if (given.length > 2 * MAX_ADDRESS_OCTETS) return no('too long');
  const parsed = addressparser(given);
  if (parsed.length !== 1) return no(parsed.length ? 'more than one address' : 'no address');
  const [only] = parsed;
  if ('group' in only && only.group) return no('a group of addresses');
  const address = only.address ?? '';
  if (!address) return no('no address');
  // The whole value is the address, or `Name <address>`: nothing else the parser let through (a
  // comment, a word before a bare address taken as a name).
  if (given !== address && given !== `<${address}>`) {
    if (!given.endsWith(`<${address}>`)) return no('more than one plain address');
    if (/[@<>]/.test(only.name)) return no('a display name holding an address');
  }
  if (BIDI.test(address)) return no('a bidirectional control character');
  const at = address.lastIndexOf('@');
  if (at < 0) return no('no @');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!LOCAL.test(local)) return no('not a plain local part');
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) return no('not a domain name');
  if (Buffer.byteLength(local) > MAX_LOCAL_OCTETS) return no(`a local part over ${MAX_LOCAL_OCTETS} octets`);
  if (Buffer.byteLength(address) > MAX_ADDRESS_OCTETS) return no(`over ${MAX_ADDRESS_OCTETS} octets`);
  return { ok: true, address, name: withoutBidi(only.name).trim() };
}

/** The address of one mailbox, or an error saying why not (for mails already made: a bug or an old outbox line). */
export function mailboxOrThrow(value: unknown, what: string): { address: string; name: string } {
  const m = oneMailbox(value);
  if (!m.ok) throw new Error(`${what} ${JSON.stringify(value)} is not one mailbox: ${m.reason}`);
  return { name: m.name, address: m.address };
}
