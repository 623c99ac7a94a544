import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from './paths.js';
import { configImport } from './buildFixture.js';

// Starts `sitegen forms` as a child process on a free loopback port and resolves with its base url
// once it listens (the tests that kill and restart the receiver need a real process).

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
