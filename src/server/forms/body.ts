import type http from 'node:http';

// Reads a submission body without ever holding more than `limit` bytes, and turns it into a plain
// object: JSON from scripts, url-encoded fields from a form posted without JavaScript.

export type BodyResult = { ok: true; value: Record<string, unknown> } | { ok: false; status: 400 | 413 | 415; error: string };

export async function readSubmissionBody(req: http.IncomingMessage, limit: number): Promise<BodyResult> {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  const isJson = type === 'application/json' || type.endsWith('+json');
  const isForm = type === 'application/x-www-form-urlencoded';
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return { ok: false, status: 413, error: 'form.error.tooLarge' };
  const raw = await readLimited(req, limit);
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

/** The body, or undefined as soon as it grows past `limit` (the rest is drained, not kept). */
function readLimited(req: http.IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete && !over) reject(new Error('the client went away before the end of its body'));
    });
  });
}
