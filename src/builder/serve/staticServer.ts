import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import type http from 'node:http';
import { contentType, isCompressible } from './contentTypes.js';

// Serves a built site with the production url rules: the base url, "/x" and "/x/" both serve
// x/index.html, the locale's 404.html with status 404, GET and HEAD only, and never a byte from
// outside the build folder (encoded "../", backslashes, NUL, absolute paths and symlinks are refused).

export interface StaticServerOptions {
  root: string;
  baseUrl: string;
  /** Locale url prefixes ("/zh-Hans/") whose own 404.html is used below them. */
  localePrefixes: string[];
}

interface Entry {
  body: Buffer;
  type: string;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
  mtimeMs: number;
}

const HASHED = /[.-][0-9a-zA-Z_-]{8,}\.(js|css|json|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|mp4|webm|pdf|zip)$/;

export function createStaticHandler(options: StaticServerOptions) {
  const root = fs.realpathSync(options.root);
  const cache = new Map<string, Entry>();

  const load = (file: string): Entry | undefined => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) return undefined;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs) return hit;
    const body = fs.readFileSync(file);
    const type = contentType(file);
    const entry: Entry = { body, type, etag: `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`, mtimeMs: stat.mtimeMs };
    if (isCompressible(type) && body.length > 512) {
      entry.gzip = zlib.gzipSync(body, { level: 9 });
      entry.br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
    }
    if (cache.size > 5000) cache.clear();
    cache.set(file, entry);
    return entry;
  };

  /** The file a url path maps to inside the root, or undefined; null when the request is malformed. */
  const resolve = (rawPath: string): string | undefined | null => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.includes('\\') || /%2e|%2f|%5c/i.test(decoded)) return null;
    const segments = decoded.split('/');
    if (segments.some((s) => s === '..' || s === '.')) return null;
    if (!decoded.startsWith(options.baseUrl)) return undefined;
    const rel = decoded.slice(options.baseUrl.length);
    const candidates = rel === '' || rel.endsWith('/') ? [`${rel}index.html`] : [rel, `${rel}/index.html`, `${rel}.html`];
    for (const c of candidates) {
      const abs = path.join(root, c);
      if (!abs.startsWith(root + path.sep) && abs !== root) return null;
      let real: string;
      try {
        real = fs.realpathSync(abs);
      } catch {
        continue;
      }
      if (!real.startsWith(root + path.sep)) return null;
      if (fs.statSync(real).isFile()) return real;
    }
    return undefined;
  };

  const notFoundFile = (pathname: string): string | undefined => {
    const prefix = options.localePrefixes.find((p) => pathname.startsWith(p));
    const candidates = [prefix ? path.join(root, prefix.slice(options.baseUrl.length), '404.html') : undefined, path.join(root, '404.html')];
    return candidates.find((c) => c && fs.existsSync(c));
  };

  return function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed\n');
      return;
    }
    const rawUrl = req.url ?? '/';
    if (!rawUrl.startsWith('/') || rawUrl.startsWith('//')) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad Request\n');
      return;
    }
    const pathname = rawUrl.split(/[?#]/)[0];
    const file = resolve(pathname);
    if (file === null) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad Request\n');
      return;
    }
    let status = 200;
    let entry = file ? load(file) : undefined;
    if (!entry) {
      status = 404;
      const nf = notFoundFile(safeDecode(pathname));
      entry = nf ? load(nf) : undefined;
      if (!entry) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not Found\n');
        return;
      }
    }
    const headers: Record<string, string> = {
      'Content-Type': entry.type,
      ETag: entry.etag,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': status === 200 && file && HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      Vary: 'Accept-Encoding',
    };
    if (status === 200 && req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = entry.body;
    if (entry.br && /\bbr\b/.test(accept)) {
      body = entry.br;
      headers['Content-Encoding'] = 'br';
    } else if (entry.gzip && /\bgzip\b/.test(accept)) {
      body = entry.gzip;
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(method === 'HEAD' ? undefined : body);
  };
}

function safeDecode(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}
