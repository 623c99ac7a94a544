import type http from 'node:http';

// Reads a submission body without ever holding more than `limit` bytes, and turns it into a plain
// object: JSON from scripts, url-encoded fields from a form posted without JavaScript. A body over the
// limit is still read to its end (and thrown away) up to DRAIN_LIMIT before the 413 goes out: a server
// that answers and closes while the client is still sending resets the connection, and the client
// never sees the answer (the page could not say `form.error.tooLarge`).

/** How much of an oversized body is read and discarded so that its 413 reaches the client. */
export const DRAIN_LIMIT = 4 * 1024 * 1024;

export type BodyResult = { ok: true; value: Record<string, unknown> } | { ok: false; status: 400 | 413 | 415; error: string };

export async function readSubmissionBody(req: http.IncomingMessage, limit: number): Promise<BodyResult> {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  const isJson = type === 'application/json' || type.endsWith('+json');
  const isForm = type === 'application/x-www-form-urlencoded';
  const declared = Number(req.headers['content-length']);
  const raw = Number.isFinite(declared) && declared > limit ? await drain(req).then(() => undefined) : await readLimited(req, limit);
  if (raw === undefined) return { ok: false, status: 413, error: 'form.error.tooLarge' };
  if (!isJson && !isForm) return { ok: false, status: 415, error: 'form.error.contentType' };
  const text = raw.toString('utf8');
  if (isForm) return { ok: true, value: Object.fromEntries(new URLSearchParams(text)) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, error: 'form.error.malformed' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, status: 400, error: 'form.error.malformed' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** The body, or undefined when it grows past `limit` (the rest is then drained, not kept). */
function readLimited(req: http.IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      chunks.length = 0;
      req.off('data', onData).off('end', onEnd).off('error', reject).off('close', onClose);
      resolve(drain(req, size).then(() => undefined));
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    const onClose = () => {
      if (!req.complete) reject(new Error('the client went away before the end of its body'));
    };
    req.on('data', onData).on('end', onEnd).on('error', reject).on('close', onClose);
  });
}

/** Reads and discards the rest of a body until its end, DRAIN_LIMIT bytes in all, or the client going away. */
function drain(req: http.IncomingMessage, alreadyRead = 0): Promise<void> {
  return new Promise((resolve) => {
    let size = alreadyRead;
    const done = () => {
      req.off('data', onData).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_LIMIT) {
        req.pause();
        done();
      }
    };
    if (req.complete || req.destroyed) return resolve();
    req.on('data', onData).on('end', done).on('error', done).on('close', done);
    req.resume();
  });
}
