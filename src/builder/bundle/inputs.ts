import path from 'node:path';
import type * as esbuild from 'esbuild';

// The files an esbuild build read, from its metafile: what an incremental rebuild checks for changes
// (runEsbuild.ts), what `sitegen dev` watches besides the folders the config names, and which site
// files each markdown module reaches (a render with code holds while they are unchanged).

/** An input made by a plugin namespace (`sitegen-mdx:...`) or the stdin entry: no file of its own. */
export function isVirtualInput(input: string): boolean {
  return /^[a-z-]+:/.test(input) || input === '<stdin>';
}

/** Every file the build read (absolute): its modules, and the files a plugin read besides (Sass partials). */
export function filesRead(result: esbuild.BuildResult, absWorkingDir: string): string[] {
  const files = Object.keys(result.metafile?.inputs ?? {})
    .filter((input) => !isVirtualInput(input))
    .map((input) => path.resolve(absWorkingDir, input));
  return [...new Set([...files, ...((result as esbuild.BuildResult & { watchFiles?: string[] }).watchFiles ?? [])])].sort();
}

/** The files (absolute, sorted) an input reaches through its imports, the input itself excluded when it is virtual. */
export function filesReached(metafile: esbuild.Metafile, from: string, absWorkingDir: string): string[] {
  const seen = new Set<string>();
  const todo = [from];
  while (todo.length) {
    const input = todo.pop()!;
    if (seen.has(input)) continue;
    seen.add(input);
    for (const i of metafile.inputs[input]?.imports ?? []) if (!i.external) todo.push(i.path);
  }
  return [...seen]
    .filter((input) => !isVirtualInput(input))
    .map((input) => path.resolve(absWorkingDir, input))
    .sort();
}
