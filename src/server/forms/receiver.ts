import crypto from 'node:crypto';
import type http from 'node:http';
import { RateLimiter } from './rateLimit.js';
import { SubmissionStore } from './store.js';
import { readSubmissionBody } from './body.js';
import type { FormSchema } from './schemas.js';
import type { Mailing } from './mailing.js';
import { createOriginCheck, ownPageOrigin } from './origin.js';
import { ensureTrailingSlash } from '../../shared/url.js';

// POST <mountPath>/<form>: checks the submission with the form's schema and stores it durably,
// together with the mails it causes (mailing.ts). Answers (JSON): 201 {ok, id} stored (and its mails
// queued); 400 {ok: false, errors: {field: message id}} invalid input (also an `email` the mails
// would go to that is not exactly one mailbox), or {error} for a body that is not a JSON object; 403 posted from a page of another website (origin.ts); 404 unknown form; 405
// not a POST; 413 body over the limit; 415 not JSON nor url-encoded; 429 over the rate of the
// client's address; 500 not stored. <mountPath>/<form>/confirm and /unsubscribe are the links of
// subscription mails, under the same rate limit.

/** A field people never see (hidden by the pages): a value in it means a bot filled the form. */
export const HONEYPOT_FIELD = 'website';
/** The page language a script sends along (without it: the Referer's locale prefix, else the default). */
export const LOCALE_FIELD = '_locale';

export interface FormReceiverOptions {
  forms: Map<string, FormSchema>;
  dataDir: string;
  ratePerMinute: number;
  /** Url path the forms live under, e.g. "/api/forms". */
  mountPath: string;
  /** Origins that may post from another site (CORS). */
  allowedOrigins?: string[];
  maxBytes?: number;
  /** Where failures to store are reported (they are answered with 500). */
  onError?: (e: unknown) => void;
  /** Mails of submissions and the subscription links; none without it. */
  mailing?: Mailing;
  /** The site's locales with their base urls, the default first (the language of mails). */
  locales?: { locale: string; baseUrl: string }[];
}

export interface FormReceiver {
  /** Handles the request when its path is below the mount path; false otherwise (nothing sent). */
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  close(): Promise<void>;
}

export const MAX_SUBMISSION_BYTES = 16 * 1024;

export function createFormReceiver(options: FormReceiverOptions): FormReceiver {
  const mount = ensureTrailingSlash(options.mountPath);
  const limiter = new RateLimiter(options.ratePerMinute);
  const store = new SubmissionStore(options.dataDir);
  const maxBytes = options.maxBytes ?? MAX_SUBMISSION_BYTES;
  const allowed = new Set(options.allowedOrigins ?? []);
  const originAllowed = createOriginCheck(options.allowedOrigins ?? []);
  const locales = [...(options.locales ?? [{ locale: 'en', baseUrl: '/' }])];
  const byPrefix = [...locales].sort((a, b) => b.baseUrl.length - a.baseUrl.length);
  const localeOf = (req: http.IncomingMessage, raw: Record<string, unknown>): string => {
    const given = raw[LOCALE_FIELD];
    if (typeof given === 'string' && locales.some((l) => l.locale === given)) return given;
    const referer = req.headers.referer;
    if (referer) {
      try {
        const p = new URL(referer).pathname;
        const hit = byPrefix.find((l) => p.startsWith(l.baseUrl));
        if (hit) return hit.locale;
      } catch {
        // Not a url: the default.
      }
    }
    return locales[0].locale;
  };

  const reply = (req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const json = JSON.stringify(body);
    const origin = req.headers.origin;
    const cors: Record<string, string> = origin && allowed.has(origin) ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(json)),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...cors,
      ...headers,
    });
    res.end(json);
  };

  const receive = async (req: http.IncomingMessage, res: http.ServerResponse, name: string): Promise<void> => {
    const schema = options.forms.get(name);
    if (!schema) {
      req.resume();
      return reply(req, res, 404, { ok: false, error: 'form.error.unknownForm' });
    }
    const rate = limiter.take(req.socket.remoteAddress ?? 'unknown');
    if (!rate.ok) {
      req.resume();
      return reply(req, res, 429, { ok: false, error: 'form.error.rate' }, { 'Retry-After': String(rate.retryAfter) });
    }
    if (!originAllowed(req)) {
      req.resume();
      return reply(req, res, 403, { ok: false, error: 'form.error.origin' });
    }
    const body = await readSubmissionBody(req, maxBytes);
    if (!body.ok) return reply(req, res, body.status, { ok: false, error: body.error }, body.status === 413 ? { Connection: 'close' } : {});
    const parsed = schema.safeParse(body.value);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join('.') || 'form';
        errors[field] ??= issue.message;
      }
      return reply(req, res, 400, { ok: false, errors });
    }
    // An address the mails would go to must be exactly one mailbox, whatever the schema allowed (a
    // list, a group, a line break with a Bcc): the page shows the field's error, nothing is stored.
    const refused = options.mailing?.refuse(name, parsed.data as Record<string, unknown>);
    if (refused) return reply(req, res, 400, { ok: false, errors: refused });
    const id = crypto.randomUUID();
    // A bot that filled the hidden field gets the same answer as a person, and nothing happens.
    const trap = body.value[HONEYPOT_FIELD];
    if (typeof trap === 'string' && trap.trim()) return reply(req, res, 201, { ok: true, id });
    const submission = { id, form: name, receivedAt: new Date().toISOString(), locale: localeOf(req, body.value), data: parsed.data as Record<string, unknown> };
    try {
      // Both on disk before the 201: the submission, and the mails it causes (a crash between the two
      // is repaired at the next start, see mailing.ts). Links in the mails lead back to this server
      // when it served the page (a local `sitegen serve`), else to the site's url.
      await Promise.all([store.append(submission), options.mailing?.accept(submission, submission.locale, ownPageOrigin(req))]);
    } catch (e) {
      options.onError?.(e);
      return reply(req, res, 500, { ok: false, error: 'form.error.server' });
    }
    reply(req, res, 201, { ok: true, id });
  };

  return {
    handle(req, res) {
      const url = req.url ?? '/';
      const pathname = url.split(/[?#]/)[0];
      if (!pathname.startsWith(mount)) return false;
      const rest = pathname.slice(mount.length);
      const link = /^([^/]+)\/(confirm|unsubscribe)$/.exec(rest);
      if (link && options.mailing) {
        const rate = limiter.take(req.socket.remoteAddress ?? 'unknown');
        if (!rate.ok) {
          req.resume();
          reply(req, res, 429, { ok: false, error: 'form.error.rate' }, { 'Retry-After': String(rate.retryAfter) });
          return true;
        }
        options.mailing
          .link(req, res, safeDecode(link[1]) ?? '', link[2] as 'confirm' | 'unsubscribe', (status, body, headers) => reply(req, res, status, body, headers))
          .catch((e) => {
            options.onError?.(e);
            if (!res.headersSent) reply(req, res, 500, { ok: false, error: 'form.error.server' });
            else res.destroy();
          });
        return true;
      }
      const name = safeDecode(rest);
      if (req.method === 'OPTIONS') {
        const origin = req.headers.origin;
        const cors: Record<string, string> =
          origin && allowed.has(origin)
            ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Max-Age': '86400', Vary: 'Origin' }
            : {};
        res.writeHead(204, { Allow: 'POST, OPTIONS', ...cors });
        res.end();
        return true;
      }
      if (req.method !== 'POST') {
        req.resume();
        reply(req, res, 405, { ok: false, error: 'form.error.method' }, { Allow: 'POST, OPTIONS' });
        return true;
      }
      receive(req, res, name ?? '').catch(() => {
        // The client went away while sending its body: there is nobody to answer.
        res.destroy();
      });
      return true;
    },
    close: async () => {
      await store.close();
      await options.mailing?.close();
    },
  };
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
