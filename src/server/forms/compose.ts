import crypto from 'node:crypto';
import type { OutboxMail } from './outbox.js';
import type { StoredSubmission } from './store.js';
import { mailTexts } from './mailTexts.js';
import { mailboxOrThrow, oneMailbox } from './mailbox.js';
import { headerLine, headerSafe, inert, INERT_NAME_MAX } from './visitorText.js';
import { labelled, labelsFor, type FormLabels, type LocaleLabels } from './labels.js';

// The mails of a submission, ready for the outbox: a booking's confirmation to the visitor (in the
// page's language) and its notice to the team (every answer), a subscription's confirmation request
// (with an unsubscribe link and the one-click List-Unsubscribe headers of RFC 8058). Every part has
// text and HTML. What a visitor typed is escaped in the HTML and never reaches a header raw: subjects
// get it with control and bidirectional characters removed and cut short, addresses only as one
// mailbox (mailbox.ts), whatever the schema let through. The visitor's own copy goes to an address
// nobody has confirmed: it repeats their answers cut short and with no link in them (`inert`), the
// team's notice repeats them as typed.

export interface MailSetup {
  /** The site's title, in subjects and signatures. */
  site: string;
  from: string;
  replyTo?: string;
  teamTo: string[];
  /** Right-hand side of the Message-IDs. */
  domain: string;
  /** The site's words for its fields and options, per locale (the schemas module's `labels`). */
  labels?: FormLabels;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const answer = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function page(lang: string, body: string): string {
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.5;color:#1c1e21;max-width:600px;margin:0 auto;padding:16px">${body}</body></html>`;
}

function base(
  setup: MailSetup,
  params: { kind: OutboxMail['kind']; submission?: string; to: string[]; replyTo?: string; subject: string; text: string; html: string; locale: string; headers?: Record<string, string> },
): OutboxMail {
  const id = crypto.randomUUID();
  const headers = params.headers && Object.fromEntries(Object.entries(params.headers).map(([k, v]) => [k, headerLine(v)]));
  return {
    id,
    messageId: `<${id}@${setup.domain}>`,
    date: new Date().toUTCString(),
    from: setup.from,
    ...params,
    subject: headerLine(params.subject),
    ...(headers ? { headers } : {}),
  };
}

/** Answers a mail to an unconfirmed address repeats (a looser schema could let many through). */
const INERT_ANSWERS_MAX = 20;

/** The answers as rows, named and (for a choice) worded with `labels`; `inert`: for the visitor's copy (cut short, no links; their address as it is). */
function answersOf(data: Record<string, unknown>, labels: LocaleLabels | undefined, visitor?: { address: string | undefined }) {
  const rows = visitor
    ? Object.entries(data)
        .slice(0, INERT_ANSWERS_MAX)
        .map(([k, v]) => {
          const shown = labelled(labels, k, v);
          return [inert(shown.label, INERT_NAME_MAX), k === 'email' && visitor.address ? visitor.address : inert(answer(shown.value))] as const;
        })
    : Object.entries(data).map(([k, v]) => {
        const shown = labelled(labels, k, v);
        return [shown.label, answer(shown.value)] as const;
      });
  return {
    text: rows.map(([k, v]) => `${k}: ${v}`).join('\n'),
    html: `<table style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`).join('')}</table>`,
  };
}

/** A booking: the visitor's confirmation in `locale`, and the team's notice. */
export function bookingMails(setup: MailSetup, params: { submission: StoredSubmission; locale: string }): OutboxMail[] {
  const { submission } = params;
  const data = submission.data;
  const { texts, lang } = mailTexts(params.locale);
  const t = texts.booking;
  // The one mailbox the visitor gave (mailbox.ts), else no mail to them and no Reply-To to the team.
  const checked = oneMailbox(data.email);
  const email = checked.ok ? checked.address : undefined;
  const name = inert(answer(data.name ?? ''), INERT_NAME_MAX) || email || '';
  const site = setup.site;
  const mine = answersOf(data, labelsFor(setup.labels, params.locale), { address: email });
  const visitorText = [
    fill(t.greeting, { name }),
    '',
    fill(t.thanks, { site }),
    '',
    `${t.nextTitle}:`,
    ...t.next.map((l) => `- ${l}`),
    '',
    t.reply,
    '',
    `${t.answersTitle}:`,
    mine.text,
    '',
    fill(t.signature, { site }),
  ].join('\n');
  const visitorHtml = page(
    lang,
    [
      `<p>${escapeHtml(fill(t.greeting, { name }))}</p>`,
      `<p>${escapeHtml(fill(t.thanks, { site }))}</p>`,
      `<h2 style="font-size:18px">${escapeHtml(t.nextTitle)}</h2>`,
      `<ul>${t.next.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(t.reply)}</p>`,
      `<h2 style="font-size:18px">${escapeHtml(t.answersTitle)}</h2>`,
      mine.html,
      `<p>${escapeHtml(fill(t.signature, { site }))}</p>`,
    ].join(''),
  );
  const mails: OutboxMail[] = [];
  if (email) {
    mails.push(
      base(setup, {
        kind: 'booking-visitor',
        submission: submission.id,
        to: [email],
        replyTo: setup.replyTo,
        subject: fill(t.subject, { site }),
        text: visitorText,
        html: visitorHtml,
        locale: lang,
      }),
    );
  }
  if (setup.teamTo.length) {
    // The team's notice is for the team: always English.
    const all = answersOf(data, labelsFor(setup.labels, 'en'));
    const facts = `Received: ${submission.receivedAt}\nPage language: ${params.locale}\nSubmission: ${submission.id}`;
    const who = headerSafe([data.name, data.company].filter((v) => typeof v === 'string' && v.trim()).join(', ') || email || submission.id);
    mails.push(
      base(setup, {
        kind: 'booking-team',
        submission: submission.id,
        to: setup.teamTo,
        // Answering the notice writes to the visitor (one mailbox, checked above).
        replyTo: email,
        subject: `New demo booking: ${who}`,
        text: `A visitor asked for a 30-minute online demo. Reply to this email to write to them.\n\n${all.text}\n\n${facts}\n`,
        html: page(
          'en',
          `<p>A visitor asked for a 30-minute online demo. Reply to this email to write to them.</p>${all.html}<p style="color:#606770;font-size:13px">${escapeHtml(facts).replace(/\n/g, '<br>')}</p>`,
        ),
        locale: 'en',
      }),
    );
  }
  return mails;
}

/** The double opt-in mail of a subscription, with the links to confirm and to unsubscribe. */
export function confirmationMail(setup: MailSetup, params: { submission: string; email: string; locale: string; confirmUrl: string; unsubscribeUrl: string; hours: number }): OutboxMail {
  const { texts, lang } = mailTexts(params.locale);
  const t = texts.confirm;
  const site = setup.site;
  const email = mailboxOrThrow(params.email, 'The address of a confirmation mail').address;
  const values = { site, email, hours: String(Math.round(params.hours * 100) / 100) };
  const text = [
    fill(t.intro, values),
    '',
    t.action,
    params.confirmUrl,
    '',
    fill(t.expires, values),
    '',
    t.notYou,
    '',
    fill(t.signature, values),
    '',
    `${texts.unsubscribe}: ${params.unsubscribeUrl}`,
  ].join('\n');
  const html = page(
    lang,
    [
      `<p>${escapeHtml(fill(t.intro, values))}</p>`,
      `<p>${escapeHtml(t.action)}</p>`,
      `<p><a href="${escapeHtml(params.confirmUrl)}" style="display:inline-block;padding:10px 18px;background:#1a56db;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.button)}</a></p>`,
      `<p>${escapeHtml(fill(t.expires, values))}</p>`,
      `<p>${escapeHtml(t.notYou)}</p>`,
      `<p>${escapeHtml(fill(t.signature, values))}</p>`,
      `<p style="color:#606770;font-size:13px"><a href="${escapeHtml(params.unsubscribeUrl)}" style="color:#606770">${escapeHtml(texts.unsubscribe)}</a></p>`,
    ].join(''),
  );
  return base(setup, {
    kind: 'subscription-confirm',
    submission: params.submission,
    to: [email],
    replyTo: setup.replyTo,
    subject: fill(t.subject, values),
    text,
    html,
    locale: lang,
    headers: { 'List-Unsubscribe': `<${params.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}
