// Deeply nested or huge markdown ends the build quickly with a clear error at the file (never a
// stack overflow or a hang), in the process, on worker threads and through the CLI.
import { describe, expect, it } from 'vitest';
import { build } from '../../../../src/builder/build.js';
import { MemorySink } from '../../../../src/builder/output/sink.js';
import { makeSite } from '../../../helpers/site.js';
import { runCliInProcess } from '../../../helpers/cliInProcess.js';

const list = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item ${i}\n`).join('');
const MB = 1024 * 1024;

// Each document, and the line its error names (the title takes two lines).
const documents: Record<string, [string, number]> = {
  'quotes 4,000 deep': ['>'.repeat(4000) + ' deep\n', 3],
  'list 1,000 deep': [list(1000), 103],
  'list 3,000 deep': [list(3000), 103],
  'emphasis 4,000 deep': ['*a '.repeat(4000) + 'x' + ' b*'.repeat(4000) + '\n', 3],
  'JSX 4,000 deep': ['<span>'.repeat(4000) + 'x' + '</span>'.repeat(4000) + '\n', 3],
  'JSX blocks 4,000 deep': ['<div>\n'.repeat(4000) + 'x\n' + '</div>\n'.repeat(4000), 103],
};

async function buildFails(files: Record<string, string>, config: Record<string, unknown> = {}, threads?: number) {
  const { configFile } = makeSite({ 'docs/intro.md': '# Intro\n', ...files }, config);
  const t0 = performance.now();
  const error = await build({ configFile, sink: new MemorySink(), threads }).then(
    () => undefined,
    (e: Error & { problems?: { file?: string; line?: number; message: string; hint?: string }[] }) => e,
  );
  return { error, ms: performance.now() - t0 };
}

describe('markdown limits in a build', () => {
  for (const [name, [body, line]] of Object.entries(documents)) {
    it(`refuses ${name} within seconds, with the file and line`, async () => {
      // The 3,000-deep list is 8.6 MB of indentation: raise the size limit to reach the nesting check.
      const { error, ms } = await buildFails({ 'docs/deep.md': `# Deep\n\n${body}` }, { markdown: { maxFileSize: 20 * MB } });
      expect(error?.message).toContain('The site has errors');
      expect(error?.problems?.[0]).toMatchObject({ file: expect.stringMatching(/docs\/deep\.md$/), line });
      expect(error?.problems?.[0].message).toMatch(/nested more than 100 levels deep \(markdown\.maxNesting is 100\)/);
      expect(ms).toBeLessThan(10_000);
    }, 30_000);
  }

  it('honours markdown.maxNesting, also on worker threads', async () => {
    const files = { 'docs/deep.md': `# Deep\n\nintro\n\n${list(30)}`, 'docs/ok.md': `# Ok\n\n${list(20)}` };
    for (const threads of [0, 2]) {
      const { error } = await buildFails(files, { markdown: { maxNesting: 25 } }, threads);
      expect(error?.problems).toEqual([expect.objectContaining({ file: expect.stringMatching(/docs\/deep\.md$/), line: 30, message: expect.stringContaining('(markdown.maxNesting is 25)') })]);
    }
    const { configFile } = makeSite(files);
    await expect(build({ configFile, sink: new MemorySink() })).resolves.toBeDefined();
  }, 60_000);

  it('refuses a 5 MB document over markdown.maxFileSize as the CLI builds: exit 1, no stack trace', async () => {
    const paragraph = 'A paragraph of plain words to fill a very large document for the size limit.\n\n';
    const { dir, configFile } = makeSite({ 'docs/intro.md': '# Intro\n', 'docs/huge.md': '# Huge\n\n' + paragraph.repeat(Math.ceil((5 * MB) / paragraph.length)) });
    const t0 = performance.now();
    const run = await runCliInProcess(['build', '--config', configFile], { cwd: dir });
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/docs\/huge\.md:1: the file is 5 MB, over markdown\.maxFileSize \(1 MB\)/);
    expect(run.stderr).toContain('raise markdown.maxFileSize');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 30_000);
});
