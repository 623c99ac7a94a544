import * as z from 'zod';
import { oneMailbox } from './mailbox.js';

// The form receiver's options (`forms` of the site config, `forms.mail` included). Nearly a leaf (zod,
// and mailbox.ts: nodemailer's address parser only): the build's config schema
// (src/builder/config/schema.ts) composes it, the one import from builder/ into server/ the
// architecture test allows.

/** One address such as `hello@shifu.dev` or `Shifu <hello@shifu.dev>` (what the receiver's mails accept: mailbox.ts). */
const mailbox = () =>
  z.string().superRefine((v, ctx) => {
    const m = oneMailbox(v);
    if (!m.ok) ctx.addIssue({ code: 'custom', message: `not one address such as "Site <hello@example.com>": ${m.reason}` });
  });

/** `forms.mail`: how and what the form receiver mails (see src/server/forms/README.md). */
const formsMailSchema = z.strictObject({
  /**
   * Name of the environment variable holding the SMTP url (`smtp://user:pass@host:587`), never the url
   * itself: credentials stay out of the config. Unset variable: messages are written as .eml files.
   */
  transport: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'forms.mail.transport names an environment variable (such as SITEGEN_SMTP_URL) that holds the SMTP url; do not put the url in the config')
    .default('SITEGEN_SMTP_URL'),
  /** Sender of every mail, e.g. `Shifu <hello@shifu.dev>`. */
  from: mailbox(),
  /** Who hears of each new booking (each entry one address). */
  teamTo: z.union([mailbox(), z.array(mailbox())]).transform((v) => (Array.isArray(v) ? v : [v])),
  /** Where visitors' replies go (default: `from`). */
  replyTo: mailbox().optional(),
  /** Form name → what it is: a demo `booking` (visitor confirmation + team notice) or a newsletter `subscription` (double opt-in). */
  kinds: z.record(z.string(), z.enum(['booking', 'subscription'])).default({}),
  /** Environment variable with the secret that signs confirmation and unsubscribe links (else one is generated into the data folder). */
  secret: z.string().default('SITEGEN_FORMS_SECRET'),
  /** Hours a confirmation link works. */
  confirmHours: z.number().positive().default(48),
  /** Minutes during which an address already waiting for confirmation gets no other mail. */
  cooldownMinutes: z.number().min(0).default(15),
  /**
   * Mails to visitors' addresses (booking confirmations and subscription confirmations, which go to an
   * address nobody has confirmed) within any hour: `perAddressPerHour` to one address (lower case,
   * "+tag" dropped), `perHour` in all. A mail over a cap is not sent (the submission is still stored)
   * and the receiver logs one line; counted from the data folder, so a restart does not reset them.
   */
  limits: z.strictObject({ perAddressPerHour: z.number().int().min(0).default(3), perHour: z.number().int().min(0).default(200) }).default({ perAddressPerHour: 3, perHour: 200 }),
  /** Delivery attempts: the first retry after `firstSeconds`, each next one twice as late up to `maxSeconds`; after `attempts` the mail is failed. */
  retry: z
    .strictObject({ firstSeconds: z.number().positive().default(30), maxSeconds: z.number().positive().default(3600), attempts: z.number().int().min(1).default(12) })
    .default({ firstSeconds: 30, maxSeconds: 3600, attempts: 12 }),
  /** Pages the links land on (below each locale's base url). */
  pages: z
    .strictObject({
      confirmed: z.string().default('/subscribe/confirmed/'),
      expired: z.string().default('/subscribe/expired/'),
      unsubscribe: z.string().default('/subscribe/unsubscribe/'),
    })
    .default({ confirmed: '/subscribe/confirmed/', expired: '/subscribe/expired/', unsubscribe: '/subscribe/unsubscribe/' }),
});

export const formsSchema = z.strictObject({
  /** Where the site's forms post: the built-in receiver by default, or any other endpoint. */
  endpoint: z.string().default('/api/forms'),
  /** Folder (relative to the site) of the received submissions, one `<form>.jsonl` file per form. */
  dataDir: z.string().default('.sitegen/forms'),
  /** Submissions accepted per client address per minute; more get 429. */
  ratePerMinute: z.number().int().min(1).default(30),
  /** Module (relative to the site) exporting `forms = { <name>: <zod schema> }`, the schemas the pages import too. */
  schemas: z.string().optional(),
  /** Other origins allowed to post (CORS and the Origin check); the site's `url` and the receiver's own origin always are. */
  allowedOrigins: z.array(z.string()).default([]),
  /** Mail sent for submissions: booking confirmations, team notices, subscription double opt-in. */
  mail: formsMailSchema.optional(),
});
