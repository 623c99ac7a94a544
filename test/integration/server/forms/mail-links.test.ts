import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { build } from '../../../../src/builder/build.js';
import { startServe } from '../../../../src/cli/serve.js';
import { readSubscribers } from '../../../../src/server/forms/index.js';
import { writeSite, configImport } from '../../../helpers/buildFixture.js';
import { repoRoot } from '../../../helpers/paths.js';
import { startSmtp, type TestSmtp, type Delivered } from '../../../helpers/smtp.js';

// Where the links in mails lead under `sitegen serve` (and `npm start`, which builds then serves): to
// this server when the form was sent from one of its pages, so that a subscription made on a local
// preview can be confirmed there; to the site's url otherwise (a page behind a reverse proxy, which
// names the public origin, or no page at all). The server says so once as it starts.

let smtp: TestSmtp;
let siteDir = '';
let server: http.Server;
let origin = '';
const logged: string[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  process.env.LINKS_SMTP_URL = smtp.url;
  siteDir = writeSite({
    'site.config.ts': `${configImport}
export default {
  title: 'Gizmo', url: 'https://gizmo.test', docs: false,
  i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] },
  forms: {
    schemas: ${JSON.stringify(path.join(repoRoot, 'content/pages/_forms/schemas.ts'))}, dataDir: 'data',
    mail: { transport: 'LINKS_SMTP_URL', from: 'Gizmo <hello@gizmo.test>', teamTo: ['team@gizmo.test'], kinds: { subscribe: 'subscription' }, cooldownMinutes: 0 },
  },
} satisfies SiteConfigInput;`,
    'src/pages/index.md': '# Gizmo\n',
    'src/pages/subscribe/confirmed.md': '# Confirmed\n',
    'src/pages/subscribe/expired.md': '# Expired\n',
    'src/pages/subscribe/unsubscribe.md': '# Unsubscribe\n',
  });
  const configFile = path.join(siteDir, 'site.config.ts');
  await build({ configFile, outDir: path.join(siteDir, 'build') });
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void logged.push(String(line)));
  try {
    server = await startServe({ dir: path.join(siteDir, 'build'), port: '0', host: '127.0.0.1', config: configFile });
  } finally {
    log.mockRestore();
  }
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await smtp?.stop();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

function request(url: string, opts: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const body = opts.body ?? '';
    const req = http.request(url, { method: opts.method ?? 'GET', agent: false, headers: { ...(body ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}), ...opts.headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Subscribes `email` as a page of `page` (an origin, or none: no Origin header) and returns the confirmation mail. */
async function subscribe(email: string, page?: string): Promise<Delivered> {
  const before = smtp.delivered.length;
  const res = await request(`${origin}/api/forms/subscribe`, {
    method: 'POST',
    body: JSON.stringify({ email }),
    headers: { 'Content-Type': 'application/json', ...(page ? { Origin: page } : {}) },
  });
  expect(res.status).toBe(201);
  const all = await smtp.waitFor(before + 1);
  return all.find((d) => d.envelopeTo.includes(email))!;
}

const linkIn = (d: Delivered, action: 'confirm' | 'unsubscribe') => new RegExp(`https?://[^\\s"<>]+/${action}\\?t=[A-Za-z0-9_.-]+`).exec(d.mail.text ?? '')?.[0] ?? '';

describe('links in mails under sitegen serve', { timeout: 60_000 }, () => {
  it('lead to this server for a form sent from its own pages, and confirm there', async () => {
    const mail = await subscribe('local@example.com', origin);
    const confirm = linkIn(mail, 'confirm');
    expect(confirm.startsWith(`${origin}/api/forms/subscribe/confirm?t=`)).toBe(true);
    expect(linkIn(mail, 'unsubscribe').startsWith(`${origin}/api/forms/subscribe/unsubscribe?t=`)).toBe(true);
    expect(mail.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(`List-Unsubscribe: <${origin}/api/forms/subscribe/unsubscribe?t=`);
    const followed = await request(confirm);
    expect(followed.status).toBe(303);
    expect(followed.headers.location).toBe('/subscribe/confirmed/');
    expect(readSubscribers(path.join(siteDir, 'data'), 'subscribe').get('local@example.com')?.state).toBe('confirmed');
    // The loopback names of the same server count as its own pages too.
    const named = await subscribe('named@example.com', origin.replace('127.0.0.1', 'localhost'));
    expect(linkIn(named, 'confirm').startsWith(`${origin.replace('127.0.0.1', 'localhost')}/api/forms/subscribe/confirm?t=`)).toBe(true);
  });

  it("lead to the site's url for a page served elsewhere (a reverse proxy) or no page at all", async () => {
    const proxied = await subscribe('proxied@example.com', 'https://gizmo.test');
    expect(linkIn(proxied, 'confirm').startsWith('https://gizmo.test/api/forms/subscribe/confirm?t=')).toBe(true);
    const script = await subscribe('script@example.com');
    expect(linkIn(script, 'confirm').startsWith('https://gizmo.test/api/forms/subscribe/confirm?t=')).toBe(true);
  });

  it('are named once as the server starts', () => {
    expect(logged.filter((l) => /Links in mails/.test(l))).toEqual([`Links in mails lead to this server for a form sent from its pages (${origin}), else to the site's url (https://gizmo.test)`]);
  });
});
