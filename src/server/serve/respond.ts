import fs from 'node:fs';
import type http from 'node:http';

// Writes one file to an HTTP response: content negotiation (brotli, gzip), validators (ETag, 304),
// byte ranges for media, HEAD. The caller decides the status and the caching policy.

export interface Resource {
  /** Whole body in memory; absent for a large file streamed from `file`. */
  body?: Buffer;
  file?: string;
  size: number;
  type: string;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
}

export const CACHE_FOREVER = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

export function sendResource(params: { req: http.IncomingMessage; res: http.ServerResponse; status: number; resource: Resource; cacheControl: string; extraHeaders?: Record<string, string> }): void {
  const { req, res, resource } = params;
  const headers: Record<string, string> = {
    'Content-Type': resource.type,
    'Cache-Control': params.cacheControl,
    'X-Content-Type-Options': 'nosniff',
    ...params.extraHeaders,
  };
  const compressible = Boolean(resource.gzip || resource.br);
  if (compressible) headers.Vary = 'Accept-Encoding';
  const encoding = params.status === 200 && !req.headers.range ? pickEncoding(String(req.headers['accept-encoding'] ?? ''), resource) : undefined;
  const etag = encoding ? resource.etag.replace(/"$/, `-${encoding === 'br' ? 'br' : 'gz'}"`) : resource.etag;
  if (params.status === 200) {
    headers.ETag = etag;
    headers['Accept-Ranges'] = compressible ? 'none' : 'bytes';
    if (matchesEtag(req.headers['if-none-match'], [etag, resource.etag])) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  if (params.status === 200 && !compressible && req.headers.range && ifRangeHolds(req, resource.etag)) {
    const range = parseRange(String(req.headers.range), resource.size);
    if (range === 'unsatisfiable') {
      res.writeHead(416, { ...headers, 'Content-Range': `bytes */${resource.size}`, 'Content-Length': '0' });
      res.end();
      return;
    }
    if (range) {
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${resource.size}`;
      headers['Content-Length'] = String(range.end - range.start + 1);
      res.writeHead(206, headers);
      writeBody(req, res, resource, range);
      return;
    }
  }
  let body = resource.body;
  if (encoding) {
    body = encoding === 'br' ? resource.br : resource.gzip;
    headers['Content-Encoding'] = encoding;
  }
  headers['Content-Length'] = String(body ? body.length : resource.size);
  res.writeHead(params.status, headers);
  if (body) res.end(req.method === 'HEAD' ? undefined : body);
  else writeBody(req, res, resource);
}

function writeBody(req: http.IncomingMessage, res: http.ServerResponse, resource: Resource, range?: { start: number; end: number }): void {
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (resource.body) {
    res.end(range ? resource.body.subarray(range.start, range.end + 1) : resource.body);
    return;
  }
  const stream = fs.createReadStream(resource.file!, range ? { start: range.start, end: range.end } : {});
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/** The best encoding the client accepts (q-values honoured, "identity" when nothing fits). */
function pickEncoding(accept: string, resource: { gzip?: Buffer; br?: Buffer }): 'br' | 'gzip' | undefined {
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: string) => q.get(name) ?? (q.has('*') ? q.get('*')! : 0);
  const br = resource.br ? weight('br') : 0;
  const gzip = resource.gzip ? weight('gzip') : 0;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

function matchesEtag(header: string | string[] | undefined, etags: string[]): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  return value.split(',').some((t) => etags.includes(t.trim().replace(/^W\//, '')));
}

function ifRangeHolds(req: http.IncomingMessage, etag: string): boolean {
  const ifRange = req.headers['if-range'];
  return !ifRange || ifRange === etag;
}

/** A single "bytes=a-b" range; multiple ranges are answered with the whole file. */
function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export function sendText(res: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': CACHE_REVALIDATE,
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}
