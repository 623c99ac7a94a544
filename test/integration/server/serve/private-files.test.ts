import { describe, it, expect, afterAll } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { writeSite, configImport } from '../../../helpers/buildFixture.js';
import { repoRoot } from '../../../helpers/paths.js';
import { rawRequest, loopbackServer } from '../../../helpers/rawHttp.js';
import { loadConfig } from '../../../../src/builder/config/loadConfig.js';
import { siteFormReceiver, readOutbox } from '../../../../src/server/forms/index.js';
import { createStaticHandler } from '../../../../src/server/serve/staticServer.js';

// A forms data folder that ended up inside a build (copied in with static/, say) is not served: every
// file the receiver really writes (the secret, the submission, subscription and outbox logs, the
// sender's lock, the .eml mails) is refused by name, so the names in serve/privateFiles.ts cannot drift
// from what the receiver writes without this test failing.

const email = 'private-reader@example.com';
let siteDir: string;

afterAll(() => fs.rmSync(siteDir, { recursive: true, force: true }));

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every file below a folder, relative and "/"-separated. */
function filesBelow(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesBelow(dir, `${rel}${e.name}/`) : [`${rel}${e.name}`]));
}

describe('sitegen serve and the forms data', () => {
  it('never sends a file the form receiver wrote, when its data folder lies inside the build', async () => {
    siteDir = writeSite({
      'site.config.ts': `${configImport}
export default {
  title: 'Gizmo', url: 'https://gizmo.test', docs: false, pages: false,
  forms: {
    schemas: ${JSON.stringify(path.join(repoRoot, 'content/pages/_forms/schemas.ts'))}, dataDir: 'data',
    mail: { transport: 'TEST_SMTP_NEVER_SET', from: 'Gizmo <hello@gizmo.test>', teamTo: ['team@gizmo.test'], kinds: { subscribe: 'subscription' } },
  },
} satisfies SiteConfigInput;`,
    });
    delete process.env.TEST_SMTP_NEVER_SET;
    const dataDir = path.join(siteDir, 'data');
    const { config } = await loadConfig({ configFile: path.join(siteDir, 'site.config.ts') });
    const forms = await siteFormReceiver({ config, siteDir, log: () => undefined, onError: (e) => console.error(e) });
    const receiver = http.createServer((req, res) => void forms.receiver.handle(req, res));
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const body = JSON.stringify({ email });
      const port = (receiver.address() as AddressInfo).port;
      const posted = await rawRequest({ port, target: '/api/forms/subscribe', method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) }, body });
      expect(posted.status).toBe(201);
      await until(() => [...readOutbox(dataDir).entries.values()].some((e) => e.state === 'sent'), 'the confirmation mail to be written');
    } finally {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
      await forms.receiver.close();
    }

    const build = path.join(siteDir, 'build');
    fs.mkdirSync(build);
    fs.writeFileSync(path.join(build, 'index.html'), '<!DOCTYPE html><p>home</p>');
    fs.cpSync(dataDir, path.join(build, 'data'), { recursive: true });
    const written = filesBelow(dataDir);
    expect(written).toEqual(expect.arrayContaining(['secret', 'subscribe.jsonl', 'subscribe.subscriptions.jsonl', 'outbox.jsonl']));
    expect(written.some((f) => f.endsWith('.eml'))).toBe(true);

    const served = await loopbackServer(createStaticHandler({ root: build, baseUrl: '/', localePrefixes: [] }));
    try {
      for (const rel of written) {
        const res = await rawRequest({ port: served.port, target: `/data/${rel}` });
        expect(res.status, rel).toBe(404);
        expect(res.body.toString(), rel).not.toContain(email);
      }
      expect((await rawRequest({ port: served.port, target: '/' })).status).toBe(200);
    } finally {
      await served.close();
    }
  });
});
