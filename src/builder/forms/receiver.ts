import crypto from 'node:crypto';
import type http from 'node:http';
import { RateLimiter } from './rateLimit.js';
import { SubmissionStore } from './store.js';
import { readSubmissionBody } from './body.js';
import type { FormSchema } from './schemas.js';
import { ensureTrailingSlash } from '../../shared/url.js';

// POST <mountPath>/<form>: checks the submission with the form's schema and stores it durably.
// Answers (JSON): 201 {ok, id} stored; 400 {ok: false, errors: {field: message id}} invalid input,
// or {error} for a body that is not a JSON object; 404 unknown form; 405 not a POST; 413 body over
// the limit; 415 not JSON nor url-encoded; 429 over the rate of the client's address; 500 not stored.

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
    const id = crypto.randomUUID();
    try {
      await store.append({ id, form: name, receivedAt: new Date().toISOString(), data: parsed.data as Record<string, unknown> });
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
      const name = safeDecode(pathname.slice(mount.length));
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
    close: () => store.close(),
  };
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
