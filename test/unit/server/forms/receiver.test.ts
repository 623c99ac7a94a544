import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFormReceiver, readSubmissions, type FormReceiver, type FormSchema } from '../../../../src/server/forms/index.js';
import { forms } from '../../../../content/pages/_forms/schemas.js';
import { rawRequest, loopbackServer } from '../../../helpers/rawHttp.js';

const valid = { name: 'Ada', phone: '+86 138 0013 8000', email: 'ada@example.com', company: 'Acme', problem: 'device-connection', familiarity: 'some-knowledge', source: 'social-media' };

let dataDir: string;
let receiver: FormReceiver;
let server: { port: number; close(): Promise<void> };

async function start(ratePerMinute = 1000) {
  receiver = createFormReceiver({ forms: new Map(Object.entries(forms)) as Map<string, FormSchema>, dataDir, ratePerMinute, mountPath: '/api/forms', allowedOrigins: ['https://shifu.dev'] });
  server = await loopbackServer((req, res) => {
    if (!receiver.handle(req, res)) {
      res.writeHead(418);
      res.end();
    }
  });
}

type Reply = { status: number; headers: Record<string, string>; json: { ok: boolean; errors?: Record<string, string>; error?: string; id?: string } };

function send(form: string, value: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }): Promise<Reply> {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const chunked = headers['Transfer-Encoding'] === 'chunked';
  const body = chunked ? `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n0\r\n\r\n` : text;
  return rawRequest({ port: server.port, target: `/api/forms/${form}`, method: 'POST', headers: { ...(chunked ? {} : { 'Content-Length': String(Buffer.byteLength(text)) }), ...headers }, body }).then(
    (r) => ({
      status: r.status,
      headers: r.headers,
      json: r.body.length ? JSON.parse(r.body.toString()) : undefined,
    }),
  );
}

const stored = (form: string) => readSubmissions({ dataDir, form }).records;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-forms-'));
});

afterEach(async () => {
  await server?.close();
  await receiver?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('form receiver', () => {
  it('stores a valid submission, trimmed and without unknown fields, and answers 201 with its id', async () => {
    await start();
    const res = await send('questionnaire', { ...valid, name: '  Ada  ', admin: true });
    expect(res.status).toBe(201);
    expect(res.json.ok).toBe(true);
    const [record] = stored('questionnaire');
    expect(record.id).toBe(res.json.id);
    expect(record.data).toEqual({ ...valid, name: 'Ada' });
    expect(Date.parse(record.receivedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('accepts a form posted without JavaScript (url-encoded)', async () => {
    await start();
    const res = await send('subscribe', 'email=ada%40example.com', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(201);
    expect(stored('subscribe')[0].data).toEqual({ email: 'ada@example.com' });
  });

  it('answers bad input with 400 and one message id per field, and stores nothing', async () => {
    await start();
    const missing = await send('questionnaire', { email: 'not-an-email', problem: 'world-peace', phone: 12345 });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({
      name: 'form.error.required',
      phone: 'form.error.type',
      email: 'form.error.email',
      company: 'form.error.required',
      problem: 'form.error.choice',
      familiarity: 'form.error.required',
      source: 'form.error.required',
    });
    expect((await send('subscribe', '{"email": "a@b.co"')).json).toEqual({ ok: false, error: 'form.error.malformed' });
    expect((await send('subscribe', '["a@b.co"]')).status).toBe(400);
    expect((await send('subscribe', 'null')).status).toBe(400);
    expect((await send('subscribe', { email: ['a@b.co'] })).json.errors).toEqual({ email: 'form.error.type' });
    expect((await send('subscribe', 'email=x', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect(stored('questionnaire')).toEqual([]);
    expect(stored('subscribe')).toEqual([]);
  });

  it('answers 413 to a body over 16 KB, declared or not, and stores nothing', async () => {
    await start();
    const big = JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(17 * 1024) });
    expect((await send('subscribe', big)).status).toBe(413);
    const chunked = await send('subscribe', big, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    expect(chunked.status).toBe(413);
    expect(stored('subscribe')).toEqual([]);
  });

  it('answers 429 past the rate of one client address', async () => {
    await start(5);
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await send('subscribe', { email: `u${i}@example.com` }));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(stored('subscribe')).toHaveLength(5);
  });

  it('answers 404 to an unknown form and 405 to other methods', async () => {
    await start();
    expect((await send('nope', { email: 'a@b.co' })).status).toBe(404);
    expect((await send('subscribe/extra', { email: 'a@b.co' })).status).toBe(404);
    const get = await rawRequest({ port: server.port, target: '/api/forms/subscribe' });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST, OPTIONS');
    expect((await rawRequest({ port: server.port, target: '/elsewhere' })).status).toBe(418);
  });

  it('allows the configured origins to post from another site', async () => {
    await start();
    const preflight = await rawRequest({ port: server.port, target: '/api/forms/subscribe', method: 'OPTIONS', headers: { Origin: 'https://shifu.dev', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://shifu.dev');
    const stranger = await rawRequest({ port: server.port, target: '/api/forms/subscribe', method: 'OPTIONS', headers: { Origin: 'https://evil.example' } });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const res = await send('subscribe', { email: 'a@b.co' }, { 'Content-Type': 'application/json', Origin: 'https://shifu.dev' });
    expect(res.status).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe('https://shifu.dev');
  });

  it('refuses with 403 a post from a page of another website (Origin, else Referer), and stores nothing', async () => {
    await start();
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const own = `http://localhost:${server.port}`;
    const cases: [string, Record<string, string>, number][] = [
      ['foreign Origin', { Origin: 'https://evil.example' }, 403],
      ['foreign Origin, own Referer', { Origin: 'https://evil.example', Referer: `${own}/subscribe/` }, 403],
      ['opaque Origin (sandboxed frame)', { Origin: 'null' }, 403],
      ['foreign Referer, no Origin', { Referer: 'https://evil.example/page' }, 403],
      ['broken Referer, no Origin', { Referer: 'not a url' }, 403],
      ['another port of the same host', { Origin: `http://localhost:${server.port + 1}` }, 403],
      // DNS rebinding: a page of evil.example whose name now resolves to this machine names itself in
      // both headers; the receiver compares with where it is served, never with Host.
      ['foreign Origin with the same Host', { Origin: 'http://evil.example', Host: 'evil.example' }, 403],
      ['foreign Origin and Host on the served port', { Origin: `http://evil.example:${server.port}`, Host: `evil.example:${server.port}` }, 403],
      ['a loopback name without the served port', { Origin: 'http://localhost', Host: 'localhost' }, 403],
      ['same origin (the loopback address and port it is served on)', { Origin: own }, 201],
      ['same origin by address', { Origin: `http://127.0.0.1:${server.port}`, Host: `127.0.0.1:${server.port}` }, 201],
      ['same origin by Referer only (a form posted without JavaScript by an older browser)', { Referer: `${own}/zh-Hans/subscribe/` }, 201],
      ["the site's url", { Origin: 'https://shifu.dev' }, 201],
      ['no Origin nor Referer (not a web page: curl, a server)', {}, 201],
    ];
    let accepted = 0;
    for (const [what, headers, status] of cases) {
      const res = await send('subscribe', `email=${encodeURIComponent(`o${accepted}@example.com`)}`, { ...form, ...headers });
      expect(res.status, what).toBe(status);
      if (status === 403) expect(res.json.error, what).toBe('form.error.origin');
      else accepted++;
    }
    expect(stored('subscribe')).toHaveLength(accepted);
    // The page language of a form posted without a script comes from the Referer's locale prefix.
    expect(stored('subscribe').map((r) => r.locale)).toEqual(['en', 'en', 'en', 'en', 'en']);
  });
});
