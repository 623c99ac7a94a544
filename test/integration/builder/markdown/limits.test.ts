// Deeply nested or huge markdown ends the build with a clear error at the file (never a stack overflow
// or a hang), in the process, on worker threads and through the CLI. What keeps it from hanging is
// which check refuses the file, asserted here by its message: the source checks
// (src/builder/markdown/limits.ts) run before micromark, whose time grows with the cube of a list's
// depth and the square of emphasis'; the tree's check runs before any pass that recurses on the tree.
import { describe, expect, it } from 'vitest';
import { build } from '../../../../src/builder/build.js';
import { MemorySink } from '../../../../src/builder/output/sink.js';
import { makeSite } from '../../../helpers/site.js';
import { runCliInProcess } from '../../../helpers/cliInProcess.js';

const list = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item ${i}\n`).join('');
const MB = 1024 * 1024;

// What each check says: the source's containers and emphasis before the parse, the tree's after it.
const BEFORE_PARSE = 'block quotes and list items are';
const EMPHASIS_BEFORE_PARSE = 'emphasis delimiters (* and _) are';
const TREE = 'block quotes, list items, emphasis, links or JSX elements are';

// Each document, the line its error names (the title takes two lines) and the check that refuses it.
const documents: Record<string, [string, number, string]> = {
  'quotes 4,000 deep': ['>'.repeat(4000) + ' deep\n', 3, BEFORE_PARSE],
  'list 1,000 deep': [list(1000), 103, BEFORE_PARSE],
  'list 3,000 deep': [list(3000), 103, BEFORE_PARSE],
  'emphasis 4,000 deep': ['*a '.repeat(4000) + 'x' + ' b*'.repeat(4000) + '\n', 3, EMPHASIS_BEFORE_PARSE],
  'JSX 4,000 deep': ['<span>'.repeat(4000) + 'x' + '</span>'.repeat(4000) + '\n', 3, TREE],
  'JSX blocks 4,000 deep': ['<div>\n'.repeat(4000) + 'x\n' + '</div>\n'.repeat(4000), 103, TREE],
};

async function buildFails(files: Record<string, string>, config: Record<string, unknown> = {}, threads?: number) {
  const { configFile } = makeSite({ 'docs/intro.md': '# Intro\n', ...files }, config);
  const error = await build({ configFile, sink: new MemorySink(), threads }).then(
    () => undefined,
    (e: Error & { problems?: { file?: string; line?: number; message: string; hint?: string }[] }) => e,
  );
  return { error };
}

describe('markdown limits in a build', () => {
  for (const [name, [body, line, check]] of Object.entries(documents)) {
    it(`refuses ${name} by the check that keeps it from hanging, with the file and line`, async () => {
      // The 3,000-deep list is 8.6 MB of indentation: raise the size limit to reach the nesting check.
      const { error } = await buildFails({ 'docs/deep.md': `# Deep\n\n${body}` }, { markdown: { maxFileSize: 20 * MB } });
      expect(error?.message).toContain('The site has errors');
      expect(error?.problems?.[0]).toMatchObject({ file: expect.stringMatching(/docs\/deep\.md$/), line });
      expect(error?.problems?.[0].message).toBe(`${check} nested more than 100 levels deep (markdown.maxNesting is 100)`);
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

  it('refuses a 5 MB document over markdown.maxFileSize before reading its markdown, as the CLI builds: exit 1, no stack trace', async () => {
    // The document also nests past the limit at its top: the size is refused (line 1) and not the
    // nesting, so the size check ran before the nesting check, the first that reads the markdown.
    const paragraph = 'A paragraph of plain words to fill a very large document for the size limit.\n\n';
    const huge = '# Huge\n\n' + list(150) + '\n' + paragraph.repeat(Math.ceil((5 * MB) / paragraph.length));
    const { dir, configFile } = makeSite({ 'docs/intro.md': '# Intro\n', 'docs/huge.md': huge });
    const run = await runCliInProcess(['build', '--config', configFile], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/docs\/huge\.md:1: the file is 5 MB, over markdown\.maxFileSize \(1 MB\)/);
    expect(run.stderr).toContain('raise markdown.maxFileSize');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 30_000);
});
