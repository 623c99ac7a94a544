import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../../helpers/paths.js';
import { runCliInProcess, type CliRun } from '../../../../helpers/cliInProcess.js';

// The site `npx create-docusaurus my-site classic` makes (copied from the create-docusaurus package as
// test/e2e/builder/docusaurus-classic.test.ts copies it), built by `sitegen build` run in its folder: no init,
// no site.config.ts. Its routes are those Docusaurus 3.10.2 built for it
// (test/fixtures/classic-docusaurus-3.10.2-routes.txt). The site lives below the repository's
// node_modules so that its config's `import ... from 'prism-react-renderer'` resolves. `check-links`
// reads it in its folder as well. Both run by the CLI's entry in this process (test/helpers/cliInProcess.ts):
// their exit codes reaching the shell are tested through the binary once each (test/integration/builder/build.test.ts,
// test/integration/builder/passes/check-links.test.ts); as two processes each (the launcher and the node it
// starts), they cost 4.4 s of CPU here (19:03 UTC, load 10).

const templates = path.join(repoRoot, 'node_modules/create-docusaurus/templates');
const work = path.join(repoRoot, 'node_modules/.cache/sitegen-test-classic-in-place');
let siteDir: string;
let run: CliRun;

beforeAll(async () => {
  fs.mkdirSync(work, { recursive: true });
  siteDir = fs.mkdtempSync(path.join(work, 'site-'));
  fs.cpSync(path.join(templates, 'shared'), siteDir, { recursive: true });
  fs.cpSync(path.join(templates, 'classic'), siteDir, { recursive: true });
  run = await runCliInProcess(['build'], { cwd: siteDir, env: { CI: '1' } });
}, 180_000);

afterAll(() => {
  if (siteDir) fs.rmSync(siteDir, { recursive: true, force: true });
});

/** The routes of a build folder, as the recorded list writes them: a folder's index.html is the folder's url. */
function routesIn(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => f.split(path.sep).join('/'))
    .map((f) => (f === 'index.html' ? '/' : f.endsWith('/index.html') ? `/${f.slice(0, -'index.html'.length)}` : `/${f}`))
    .sort();
}

describe("create-docusaurus's classic site, built in its folder", () => {
  it('says at the top which config it read, and what it did not carry over', () => {
    expect(run.stderr).not.toMatch(/✖/);
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('sitegen build docusaurus.config.js');
    expect(lines[1]).toBe("Reading docusaurus.config.js as it stands (no site.config.ts): its options are mapped to sitegen's at every run");
    expect(run.stderr).toContain('docusaurus.config.js:30: organizationName: not carried over: used by `docusaurus deploy` only');
    expect(run.stderr).toContain("future: not carried over: flags of Docusaurus's own bundler");
    expect(fs.existsSync(path.join(siteDir, 'site.config.ts'))).toBe(false);
  });

  it('has its links checked by `sitegen check-links` in its folder', async () => {
    const check = await runCliInProcess(['check-links'], { cwd: siteDir });
    expect(check.status).toBe(0);
    const lines = check.stdout.trim().split('\n');
    expect(lines[0]).toBe("Reading docusaurus.config.js as it stands (no site.config.ts): its options are mapped to sitegen's at every run");
    expect(lines[lines.length - 1]).toMatch(/^✔ \d+ links in 28 pages, none broken/);
  });

  it('builds every route Docusaurus 3.10.2 built for it, and no other', () => {
    const expected = fs.readFileSync(path.join(repoRoot, 'test/fixtures/classic-docusaurus-3.10.2-routes.txt'), 'utf8').split('\n').filter(Boolean).sort();
    expect(routesIn(path.join(siteDir, 'build'))).toEqual(expected);
  });
});
