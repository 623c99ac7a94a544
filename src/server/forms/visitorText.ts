import { CONTROL, withoutBidi } from './mailbox.js';

// What a visitor typed, made fit for where a mail puts it. In a header (`headerSafe`, `headerLine`):
// one line, no control or bidirectional characters. In a mail to an address nobody has confirmed
// (`inert`): cut short and with nothing a mail program would turn into a link, so the receiver
// cannot be used to mail strangers someone else's words and links under the site's name. Mails to
// the team (configured addresses) get the text as typed.

/** Longest answer, and name, a mail to an unconfirmed address repeats (characters); longer ones are cut with "…". */
export const INERT_ANSWER_MAX = 200;
export const INERT_NAME_MAX = 60;

const CONTROLS = new RegExp(`${CONTROL.source}+`, 'g');
/** Invisible characters that could split a link's text without breaking it for some programs. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200d\u2060\ufeff]/g;

function cut(s: string, max: number): string {
  const chars = Array.from(s);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : s;
}

/** Visitor text fit for a header: no control characters (CR, LF, tab, ...), no bidirectional controls, no run of spaces, at most `max` characters. */
export function headerSafe(value: unknown, max = 60): string {
  return cut(headerLine(String(value ?? '')), max);
}

/** A header value sitegen writes (a subject, a display name): one line, no control or bidirectional characters. */
export function headerLine(value: string): string {
  return withoutBidi(value).replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Visitor text for a mail to an unconfirmed address: one line, at most `max` characters, and no
 * link a mail program would make: "://" becomes "[:]//" and a dot between a letter and a letter
 * or digit (www.example.com, example.com, a@example.com; the ideographic and full-width dots
 * between Latin letters or digits too) becomes "[.]"; numbers such as 3.5 stay as they are.
 */
export function inert(value: unknown, max = INERT_ANSWER_MAX): string {
  const line = headerLine(String(value ?? '').replace(INVISIBLE, ''));
  const inertLine = line.replace(/:\s*\/\s*\//g, '[:]//').replace(/[.\u3002\uff0e\uff61](?=[\p{L}\p{N}])/gu, (dot, offset: number, s: string) => {
    const before = s.slice(0, offset).match(/[\p{L}\p{N}]$/u)?.[0];
    const after = s[offset + 1];
    if (!before) return dot;
    // A number (3.5) is no link; nor is a Chinese sentence (设备。谢谢): the other dots count between Latin letters or digits.
    if (/\d/.test(before) && /\d/.test(after)) return dot;
    if (dot !== '.' && !(/[A-Za-z0-9]/.test(before) && /[A-Za-z0-9]/.test(after))) return dot;
    return '[.]';
  });
  // Cut after: the cap holds for what the mail shows, and cutting leaves no link behind.
  return cut(inertLine, max);
}
