import http from 'node:http';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { repoRoot } from './paths.js';
import { configImport } from './buildFixture.js';
import { loadConfig } from '../../src/builder/config/loadConfig.js';
import { siteFormReceiver, type SiteForms } from '../../src/server/forms/index.js';

// Form receivers for tests: `sitegen forms` as a child process on a free loopback port, resolved with
// its base url once it listens (the tests that kill and restart the receiver need a real process), or
// a site's receiver in the test's own process behind a loopback server (inProcessReceivers).

export interface StartedReceiver {
  child: ChildProcess;
  /** http://127.0.0.1:<port>/api/forms */
  base: string;
  exited: Promise<void>;
}

export async function startFormsReceiver(params: { siteDir: string; config: string; env?: NodeJS.ProcessEnv; children: ChildProcess[] }): Promise<StartedReceiver> {
  const bin = path.join(repoRoot, 'bin/sitegen.js');
  const child = spawn(process.execPath, [bin, 'forms', '--config', params.config, '--port', '0'], {
    cwd: params.siteDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: params.env ?? process.env,
  });
  params.children.push(child);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the receiver did not start: ${out}`)), 30_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /Form receiver at (http:\/\/127\.0\.0\.1:\d+\/api\/forms)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', () => reject(new Error(`the receiver exited: ${out}`)));
  });
  return { child, base, exited };
}

/**
 * The config of a small site whose forms (the Shifu site's schemas) store in `data/` and mail through
 * the SMTP url in the environment variable `transport`, retrying fast: the mail tests' common site.
 */
export function mailSiteConfig(params: { transport: string; ratePerMinute?: number; retryMaxSeconds?: number; mailPerHour?: number }): string {
  const schemas = JSON.stringify(path.join(repoRoot, 'content/pages/_forms/schemas.ts'));
  const rate = params.ratePerMinute === undefined ? '' : ` ratePerMinute: ${params.ratePerMinute},`;
  const limits = params.mailPerHour === undefined ? '' : `, limits: { perHour: ${params.mailPerHour} }`;
  return `${configImport}
export default {
  title: 'Gizmo', url: 'https://gizmo.test', docs: false, pages: false,
  forms: {
    schemas: ${schemas}, dataDir: 'data',${rate}
    mail: { transport: '${params.transport}', from: 'Gizmo <hello@gizmo.test>', teamTo: 'team@gizmo.test', kinds: { questionnaire: 'booking', subscribe: 'subscription' }, retry: { firstSeconds: 0.05, maxSeconds: ${params.retryMaxSeconds ?? 0.4}, attempts: 50 }${limits} },
  },
} satisfies SiteConfigInput;`;
}

/** A site's receiver running in this process behind a loopback server; links in mails point at `origin`. */
export interface InProcessReceiver {
  origin: string;
  forms: SiteForms;
}

/** Starts in-process receivers (`serve`) and stops them all (`closeAll`, in afterEach). */
export function inProcessReceivers(): { serve(configFile: string, log?: string[]): Promise<InProcessReceiver>; closeAll(): Promise<void> } {
  const running: { forms: SiteForms; server: http.Server }[] = [];
  return {
    async serve(configFile, log = []) {
      const { config, siteDir } = await loadConfig({ configFile });
      const server = http.createServer();
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const forms = await siteFormReceiver({ config, siteDir, linkOrigin: origin, log: (l) => log.push(l), onError: (e) => console.error('receiver error', e) });
      server.on('request', (req, res) => {
        if (!forms.receiver.handle(req, res)) {
          res.writeHead(404);
          res.end();
        }
      });
      running.push({ forms, server });
      return { origin, forms };
    },
    async closeAll() {
      for (const r of running.splice(0)) {
        r.server.closeAllConnections();
        await new Promise((res) => r.server.close(res));
        await r.forms.receiver.close();
      }
    },
  };
}
