import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DRAWER_ARGS, chromiumPath, drawingPage } from '../../../../src/builder/diagrams/chromium.js';

// The page the diagrams are drawn in may import mermaid's modules from their files
// (`--allow-file-access-from-files`), and nothing else from a file: a script in it cannot read a
// local file (fetch, frame) nor run from an event-handler attribute, so no diagram can put a file
// from outside the site into a drawing. Checked in Debian's Chromium with the drawer's own flags and
// page, the same page without its policy first (the reads succeed there: the test can fail).

const require = createRequire(import.meta.url);
const mermaidUrl = pathToFileURL(require.resolve('mermaid/dist/mermaid.esm.min.mjs')).href;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-drawing-page-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const secret = path.join(dir, 'secret.txt');
fs.writeFileSync(secret, 'not-for-the-site');
const secretUrl = JSON.stringify(pathToFileURL(secret).href);

// What a hostile script in the page would try; each outcome is written on the body, which the dump shows.
const script = `import mermaid from ${JSON.stringify(mermaidUrl)}; window.mermaid = mermaid;
const mark = (k, v) => (document.body.dataset[k] = v);
mark('mermaid', typeof mermaid.render);
fetch(${secretUrl}).then((r) => r.text()).then((t) => mark('fetched', t), () => mark('fetched', 'refused'));
const frame = document.createElement('iframe');
frame.onload = () => { try { mark('framed', frame.contentDocument.body.textContent || 'empty'); } catch { mark('framed', 'refused'); } };
frame.src = ${secretUrl};
document.body.append(frame);
document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="document.body.dataset.handler = \\'ran\\'">');`;

function dump(html: string, name: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, html);
  const profile = path.join(dir, `profile-${name}`);
  const out = execFileSync(chromiumPath(), [...DRAWER_ARGS, `--user-data-dir=${profile}`, '--virtual-time-budget=5000', '--dump-dom', pathToFileURL(file).href], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 60_000,
  });
  return /<body[^>]*>/.exec(out)?.[0] ?? out;
}

describe('the drawing page', () => {
  it('without its policy, a script in it reads a local file (what the policy is for)', () => {
    const body = dump(drawingPage(script).replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''), 'open.html');
    expect(body).toContain('data-mermaid="function"');
    expect(body).toContain('data-fetched="not-for-the-site"');
  });

  it('loads mermaid, and refuses the reads of a local file and event-handler attributes', () => {
    const body = dump(drawingPage(script), 'page.html');
    expect(body).toContain('data-mermaid="function"');
    expect(body).toContain('data-fetched="refused"');
    expect(body).not.toContain('not-for-the-site');
    expect(body).not.toContain('data-handler');
  });
});
