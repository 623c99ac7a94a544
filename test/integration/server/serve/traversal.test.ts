import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { createStaticHandler } from '../../../../src/server/serve/staticServer.js';
import { rawRequest, loopbackServer } from '../../../helpers/rawHttp.js';

// Every way out of the build folder we know of gets a 4xx, and no byte of a file outside the build
// reaches the client: encoded and double-encoded "../", backslashes, NUL, overlong UTF-8, absolute
// paths and urls, and symlinks (to a file and to a folder) that point out of the build.

const secret = `TOP-SECRET-${crypto.randomBytes(8).toString('hex')}`;
let tmp: string;
let build: string;
let server: { port: number; close(): Promise<void> };

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-traversal-'));
  build = path.join(tmp, 'site', 'build');
  fs.mkdirSync(path.join(build, 'docs'), { recursive: true });
  fs.mkdirSync(path.join(build, 'zh-Hans'), { recursive: true });
  fs.writeFileSync(path.join(build, 'index.html'), '<!DOCTYPE html><p>home</p>');
  fs.writeFileSync(path.join(build, '404.html'), '<!DOCTYPE html><p>not found</p>');
  fs.writeFileSync(path.join(build, 'docs/index.html'), '<!DOCTYPE html><p>docs</p>');
  fs.writeFileSync(path.join(tmp, 'secret.txt'), secret);
  fs.writeFileSync(path.join(tmp, 'site', 'secret.txt'), secret);
  fs.mkdirSync(path.join(tmp, 'outside'));
  fs.writeFileSync(path.join(tmp, 'outside', 'secret.txt'), secret);
  fs.writeFileSync(path.join(tmp, 'outside', 'index.html'), secret);
  fs.symlinkSync(path.join(tmp, 'secret.txt'), path.join(build, 'link-to-secret.txt'));
  fs.symlinkSync(path.join(tmp, 'outside'), path.join(build, 'outside-dir'));
  fs.symlinkSync('../../outside', path.join(build, 'docs', 'relative-out'));
  fs.symlinkSync('/etc', path.join(build, 'etc'));
  // A sibling folder whose name starts like the build's: "build-private" is not inside "build".
  fs.mkdirSync(path.join(tmp, 'site', 'build-private'));
  fs.writeFileSync(path.join(tmp, 'site', 'build-private', 'secret.txt'), secret);
  fs.symlinkSync(path.join(tmp, 'site', 'build-private'), path.join(build, 'private'));
  server = await loopbackServer(createStaticHandler({ root: build, baseUrl: '/', localePrefixes: ['/zh-Hans/'] }));
});

afterAll(async () => {
  await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const attemptsFor = (tmp: string) => [
  '/../secret.txt',
  '/../../secret.txt',
  '/..%2fsecret.txt',
  '/..%2F..%2Fsecret.txt',
  '/%2e%2e/secret.txt',
  '/%2E%2E/%2E%2E/secret.txt',
  '/%2e%2e%2f%2e%2e%2fsecret.txt',
  '/.%2e/.%2e/secret.txt',
  '/%2e./%2e./secret.txt',
  '/%252e%252e/%252e%252e/secret.txt',
  '/%252e%252e%252fsecret.txt',
  '/..%252f..%252fsecret.txt',
  '/..\\..\\secret.txt',
  '/..%5c..%5csecret.txt',
  '/..%5C..%5Csecret.txt',
  '/%5c..%5c..%5csecret.txt',
  '/..%255c..%255csecret.txt',
  '/docs/../../secret.txt',
  '/docs/%2e%2e/%2e%2e/secret.txt',
  '/zh-Hans/../../secret.txt',
  '/./../secret.txt',
  '/..%00/secret.txt',
  '/secret.txt%00.html',
  '/%c0%ae%c0%ae/%c0%ae%c0%ae/secret.txt',
  '/%e0%80%ae%e0%80%ae/secret.txt',
  '/%c0%af..%c0%afsecret.txt',
  '//secret.txt',
  '//etc/passwd',
  `/${'%2e%2e/'.repeat(12)}etc/passwd`,
  '/etc/passwd',
  '/etc/hostname',
  '/%2fetc%2fpasswd',
  `/${encodeURIComponent(path.join(tmp, 'secret.txt'))}`,
  `${path.join(tmp, 'secret.txt')}`.replace(/^\/*/, '//'),
  'http://localhost/../secret.txt',
  `file://${path.join(tmp, 'secret.txt')}`,
  '/link-to-secret.txt',
  '/outside-dir/secret.txt',
  '/outside-dir/',
  '/outside-dir',
  '/docs/relative-out/secret.txt',
  '/docs/relative-out/',
  '/private/secret.txt',
  '/outside-dir/..%2fsecret.txt',
  '/C:%5cWindows%5cwin.ini',
  '/....//....//secret.txt',
  '/..;/..;/secret.txt',
];

describe('path traversal', () => {
  it('refuses every attempt with a 4xx and no byte from outside the build', async () => {
    const attempts = attemptsFor(tmp);
    expect(attempts.length).toBeGreaterThanOrEqual(30);
    const passwd = fs.existsSync('/etc/passwd') ? fs.readFileSync('/etc/passwd', 'utf8').split('\n')[0] : 'root:x:0:0';
    const results = await Promise.all(attempts.map(async (target) => ({ target, res: await rawRequest({ port: server.port, target }) })));
    for (const { target, res } of results) {
      expect(res.status, target).toBeGreaterThanOrEqual(400);
      expect(res.status, target).toBeLessThan(500);
      const text = res.body.toString('latin1');
      expect(text, target).not.toContain(secret);
      expect(text, target).not.toContain(passwd);
    }
  });

  it('still serves the files that are inside', async () => {
    expect((await rawRequest({ port: server.port, target: '/docs/' })).status).toBe(200);
    expect((await rawRequest({ port: server.port, target: '/' })).body.toString()).toContain('home');
  });
});
