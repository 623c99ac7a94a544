import { build, type BuildResult } from '../../src/builder/build.js';
import { SitegenError, formatProblem } from '../../src/builder/errors.js';
import { MemorySink } from '../../src/builder/output/sink.js';

// `sitegen build` without starting the CLI: the build runs in this process, through a memory sink, and
// what the CLI would print on stderr is made from its result with the CLI's own formatting
// (src/cli/main.ts for an error, src/cli/build.ts for warnings). `status` is the exit code the CLI gives
// (1 for any error: main.ts). The exit codes themselves are asserted through the real CLI once per
// command (test/integration/cli/).

export interface CliBuild {
  status: number;
  stderr: string;
  result?: BuildResult;
  sink: MemorySink;
}

/** Builds into memory, or into `outDir` as the CLI's --out-dir (for a test of what is left on disk). */
export async function cliBuild(configFile: string, options: { locale?: string; outDir?: string } = {}): Promise<CliBuild> {
  const sink = new MemorySink();
  try {
    const result = await build({ configFile, ...(options.outDir ? { outDir: options.outDir } : { sink }), locale: options.locale, dropBodies: true });
    return { status: 0, stderr: result.warnings.map((w) => `  \u26a0 warning: ${formatProblem(w)}\n`).join(''), result, sink };
  } catch (e) {
    if (!(e instanceof SitegenError)) return { status: 1, stderr: `${(e as Error).stack ?? String(e)}\n`, sink };
    const lines = [`\n\u001b[31m✖ ${e.title}\u001b[0m`, ...e.problems.map((p) => `  ${formatProblem(p).replace(/\n/g, '\n  ')}`), ''];
    return { status: 1, stderr: `${lines.join('\n')}\n`, sink };
  }
}

/** The text of every file of a build in memory whose name ends with `ext` ('.css', '.js'), one after the other. */
export function textOf(sink: MemorySink, ext: string): string {
  return sink
    .paths()
    .filter((p) => p.endsWith(ext))
    .map((p) => sink.read(p))
    .join('\n');
}
