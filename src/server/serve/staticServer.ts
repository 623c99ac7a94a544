import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import type http from 'node:http';
import { contentType, isCompressible } from './contentTypes.js';
import { decodeRequestPath, resolvePath, isContentHashed, type UrlRules } from './urlRules.js';
import { sendResource, sendText, CACHE_FOREVER, CACHE_REVALIDATE, type Resource } from './respond.js';
import { isPrivateFile, foldersInside } from './privateFiles.js';

// Serves a built folder with the production url rules (urlRules.ts). Never a byte from outside the
// folder: the request path is refused before any file access when it holds dot segments, backslashes,
// NUL or double encoding, and every file is opened through its real path, which must lie inside the
// real path of the folder (a symlink out of the build is a 404, as if the file did not exist). The
// build marker and the form receiver's data files (privateFiles.ts) are 404s too, also through a link.

export interface StaticServerOptions {
  root: string;
  baseUrl: string;
  /** Locale url prefixes ("/zh-Hans/") whose own 404.html is used below them. */
  localePrefixes: string[];
  trailingSlash?: boolean;
  /** Sent with every response (`sitegen serve` sends securityHeaders.ts's). */
  headers?: Record<string, string>;
  /** Folders (absolute) never served when they lie inside the root: the forms data folder. */
  privateDirs?: string[];
}

interface Entry extends Resource {
  mtimeMs: number;
}

/** Files above this size are streamed from disk, uncompressed and uncached (videos, archives). */
const STREAM_ABOVE = 8 * 1024 * 1024;
/** Bytes of file bodies (and their compressed forms) kept in memory. */
const CACHE_BYTES = 256 * 1024 * 1024;
/**
 * Each file is compressed when first served, so at levels made for compressing on the fly (nginx's
 * gzip and brotli defaults are about these). The Shifu build's 735 compressible files (20.0 MB), one
 * process, 02:45 UTC: brotli quality 9 took 35.9 s of CPU (its docs page of 45 KB: 75.6 ms) for 4.53 MB,
 * quality 5 0.35 s (2.6 ms) for 4.63 MB; gzip level 9 0.52 s for 5.16 MB, level 6 0.30 s for 5.18 MB.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

export function createStaticHandler(options: StaticServerOptions): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  const root = fs.realpathSync.native(options.root);
  const rules: UrlRules = { baseUrl: options.baseUrl, trailingSlash: options.trailingSlash, localePrefixes: options.localePrefixes };
  const headers = options.headers ?? {};
  const privateDirs = foldersInside(root, options.privateDirs ?? []);
  const cache = new Map<string, Entry>();
  let cachedBytes = 0;

  /** The real path of a file inside the root, or undefined (missing, a folder, or outside the root). */
  const fileAt = (rel: string): { real: string; stat: fs.Stats } | undefined => {
    const abs = path.join(root, rel);
    if (!abs.startsWith(root + path.sep) || isPrivateFile(rel, privateDirs)) return undefined;
    let real: string;
    try {
      real = fs.realpathSync.native(abs);
    } catch {
      return undefined;
    }
    if (!real.startsWith(root + path.sep) || isPrivateFile(path.relative(root, real).split(path.sep).join('/'), privateDirs)) return undefined;
    const stat = fs.statSync(real, { throwIfNoEntry: false });
    return stat?.isFile() ? { real, stat } : undefined;
  };

  const load = (found: { real: string; stat: fs.Stats }): Entry => {
    const { real, stat } = found;
    const hit = cache.get(real);
    if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit;
    const type = contentType(real);
    const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
    if (stat.size > STREAM_ABOVE) return { file: real, size: stat.size, type, etag, mtimeMs: stat.mtimeMs };
    const body = fs.readFileSync(real);
    const entry: Entry = { body, size: body.length, type, etag: `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`, mtimeMs: stat.mtimeMs };
    if (isCompressible(type) && body.length > 512) {
      entry.gzip = zlib.gzipSync(body, { level: GZIP_LEVEL });
      entry.br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    }
    const bytes = body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0);
    if (cachedBytes + bytes > CACHE_BYTES) {
      cache.clear();
      cachedBytes = 0;
    }
    if (hit) cachedBytes -= hit.size + (hit.gzip?.length ?? 0) + (hit.br?.length ?? 0);
    cache.set(real, entry);
    cachedBytes += bytes;
    return entry;
  };

  return function handle(req, res): void {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      sendText(res, 405, 'Method Not Allowed\n', { ...headers, Allow: 'GET, HEAD' });
      return;
    }
    const decoded = decodeRequestPath(req.url ?? '/');
    if ('bad' in decoded) {
      sendText(res, 400, 'Bad Request\n', headers);
      return;
    }
    // One look at the disk per candidate path, reused when the chosen file is read.
    const seen = new Map<string, { real: string; stat: fs.Stats } | undefined>();
    const lookup = (rel: string) => {
      if (!seen.has(rel)) seen.set(rel, fileAt(rel));
      return seen.get(rel);
    };
    const resolution = resolvePath({ rules, ...decoded, exists: (rel) => lookup(rel) !== undefined });
    if (resolution.kind === 'redirect') {
      res.writeHead(301, { ...headers, Location: resolution.location, 'Content-Length': '0', 'Cache-Control': CACHE_REVALIDATE });
      res.end();
      return;
    }
    if (resolution.kind === 'bad') {
      sendText(res, 400, 'Bad Request\n', headers);
      return;
    }
    const rel = resolution.kind === 'file' ? resolution.rel : resolution.page;
    const found = rel ? lookup(rel) : undefined;
    const entry = found ? load(found) : undefined;
    if (!entry) {
      sendText(res, 404, 'Not Found\n', headers);
      return;
    }
    const ok = resolution.kind === 'file';
    sendResource({ req, res, status: ok ? 200 : 404, resource: entry, cacheControl: ok && isContentHashed(resolution.rel) ? CACHE_FOREVER : CACHE_REVALIDATE, extraHeaders: headers });
  };
}
