import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStaticHandler } from '../../../../src/server/serve/staticServer.js';
import { rawRequest, decoded, loopbackServer } from '../../../helpers/rawHttp.js';
import { securityHeaders } from '../../../../src/server/serve/securityHeaders.js';

const big = `<!DOCTYPE html><html><body>${'<p>Shifu connects devices.</p>'.repeat(200)}</body></html>`;
const files: Record<string, string | Buffer> = {
  'index.html': big,
  '404.html': '<!DOCTYPE html><p>Not here</p>',
  'zh-Hans/404.html': '<!DOCTYPE html><p>页面不存在</p>',
  'zh-Hans/index.html': '<!DOCTYPE html><p>首页</p>',
  'docs/intro/index.html': big.replace('Shifu', 'Intro'),
  'assets/js/main.4KQ2ZB7A.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
  'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'video/clip.mp4': Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)),
  'feed.xml': '<rss/>',
};

let dir: string;
let server: { port: number; close(): Promise<void> };
const get = (target: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest({ port: server.port, target, headers, method });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-serve-'));
  for (const [rel, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), body);
  }
  server = await loopbackServer(createStaticHandler({ root: dir, baseUrl: '/', localePrefixes: ['/zh-Hans/'] }));
});

afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('static server', () => {
  it('serves pages with their content type and revalidation', async () => {
    const res = await get('/docs/intro');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toContain('Intro connects devices');
    expect((await get('/img/logo.svg')).headers['content-type']).toBe('image/svg+xml');
    expect((await get('/feed.xml')).headers['content-type']).toBe('application/xml; charset=utf-8');
  });

  it('caches content-hashed assets for a year', async () => {
    const res = await get('/assets/js/main.4KQ2ZB7A.js');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('compresses with brotli or gzip as the client prefers', async () => {
    const br = await get('/', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(decoded(br).toString()).toBe(big);
    expect(br.body.length).toBeLessThan(big.length / 10);
    const gz = await get('/', { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz).toString()).toBe(big);
    const plain = await get('/', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(big);
  });

  it('answers 304 to a matching ETag, per encoding', async () => {
    const first = await get('/', { 'Accept-Encoding': 'br' });
    const again = await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': '"something-else"' });
    expect(other.status).toBe(200);
  });

  it("answers a miss with 404 and the locale's 404 page", async () => {
    const en = await get('/docs/nope');
    expect(en.status).toBe(404);
    expect(en.body.toString()).toContain('Not here');
    const zh = await get('/zh-Hans/docs/nope');
    expect(zh.status).toBe(404);
    expect(zh.body.toString()).toContain('页面不存在');
  });

  it('allows GET and HEAD only', async () => {
    const head = await get('/docs/intro', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const res = await get('/docs/intro', { 'Content-Length': '0' }, method);
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
  });

  it('serves byte ranges of media files', async () => {
    const res = await get('/video/clip.mp4', { Range: 'bytes=10-19' });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 10-19/1000');
    expect([...res.body]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect((await get('/video/clip.mp4', { Range: 'bytes=5000-' })).status).toBe(416);
  });

  it('follows the trailing slash rule of the config', async () => {
    const strict = await loopbackServer(createStaticHandler({ root: dir, baseUrl: '/', localePrefixes: [], trailingSlash: true }));
    try {
      const res = await rawRequest({ port: strict.port, target: '/docs/intro?x=1' });
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe('/docs/intro/?x=1');
    } finally {
      await strict.close();
    }
  });

  it('serves a site below a base url and redirects the bare root to it', async () => {
    const based = await loopbackServer(createStaticHandler({ root: dir, baseUrl: '/shifu/', localePrefixes: ['/shifu/zh-Hans/'] }));
    try {
      expect((await rawRequest({ port: based.port, target: '/shifu/docs/intro/' })).status).toBe(200);
      const root = await rawRequest({ port: based.port, target: '/' });
      expect(root.status).toBe(301);
      expect(root.headers.location).toBe('/shifu/');
      expect((await rawRequest({ port: based.port, target: '/docs/intro/' })).status).toBe(404);
    } finally {
      await based.close();
    }
  });

  it('sends the headers it is given with every response: pages, assets, 304, 404, redirects, refusals', async () => {
    const headers = securityHeaders();
    const secured = await loopbackServer(createStaticHandler({ root: dir, baseUrl: '/', localePrefixes: ['/zh-Hans/'], trailingSlash: true, headers }));
    try {
      const at = (target: string, extra: Record<string, string> = {}, method = 'GET') => rawRequest({ port: secured.port, target, headers: extra, method });
      const page = await at('/docs/intro/', { 'Accept-Encoding': 'br' });
      const responses = [
        page,
        await at('/docs/intro/', { 'Accept-Encoding': 'br', 'If-None-Match': page.headers.etag }),
        await at('/assets/js/main.4KQ2ZB7A.js'),
        await at('/video/clip.mp4', { Range: 'bytes=0-9' }),
        await at('/docs/nope/'),
        await at('/docs/intro'),
        await at('/docs/intro/', {}, 'POST'),
        await at('/%2e%2e/etc/passwd'),
      ];
      expect(responses.map((r) => r.status)).toEqual([200, 304, 200, 206, 404, 301, 405, 400]);
      for (const res of responses) {
        expect(res.headers['content-security-policy']).toBe(headers['Content-Security-Policy']);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      }
    } finally {
      await secured.close();
    }
  });

  it('picks up a rebuilt file', async () => {
    fs.writeFileSync(path.join(dir, 'feed.xml'), '<rss version="2.0"/>');
    // mtime resolution can be coarse: make the change visible in size and time.
    fs.utimesSync(path.join(dir, 'feed.xml'), new Date(), new Date(Date.now() + 5000));
    expect((await get('/feed.xml')).body.toString()).toBe('<rss version="2.0"/>');
  });

  it("never sends the build marker or the form receiver's data files, even inside the build", async () => {
    const data = 'visitor@example.com';
    const inside = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-serve-private-'));
    const privateFiles = [
      '.sitegen-build',
      'secret',
      'secret.4242.a1b2c3d4',
      'submissions/contact.jsonl',
      'submissions/subscribe.subscriptions.jsonl',
      'outbox.jsonl',
      'outbox.lock',
      'mail/1.eml',
      'data/notes.txt',
    ];
    for (const rel of ['index.html', ...privateFiles]) {
      fs.mkdirSync(path.dirname(path.join(inside, rel)), { recursive: true });
      fs.writeFileSync(path.join(inside, rel), data);
    }
    fs.symlinkSync(path.join(inside, 'submissions/contact.jsonl'), path.join(inside, 'contact.txt'));
    const served = await loopbackServer(createStaticHandler({ root: inside, baseUrl: '/', localePrefixes: [], privateDirs: [path.join(inside, 'data')] }));
    try {
      for (const rel of [...privateFiles, 'contact.txt', 'data/']) {
        const res = await rawRequest({ port: served.port, target: `/${rel}` });
        expect(res.status, rel).toBe(404);
        expect(res.body.toString(), rel).not.toContain(data);
      }
      expect((await rawRequest({ port: served.port, target: '/' })).status).toBe(200);
    } finally {
      await served.close();
      fs.rmSync(inside, { recursive: true, force: true });
    }
  });
});
