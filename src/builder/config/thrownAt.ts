// Where in the site's own sources an error thrown by a bundled module (the config) was thrown: the
// first stack frame inside the bundle, mapped back through the bundle's source map to the original
// file:line:column. The bundle is a temporary file whose name means nothing to the user.
import path from 'node:path';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

/**
 * `map` is the bundle's source map (its `sources` relative to the bundle's folder). `url`: what the
 * bundle was imported as, when not its file (a `data:` url). With `accept`, the first frame whose file
 * it accepts (a frame of the site's code, not of the library it called).
 */
export function thrownAt(error: unknown, bundleFile: string, map: SourceMapPayload, options: { url?: string; accept?: (file: string) => boolean } = {}): SourcePosition | undefined {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const url = options.url ?? pathToFileURL(bundleFile).href;
  const accept = options.accept ?? (() => true);
  const sourceMap = new SourceMap(map);
  for (const frame of stack.split('\n').map((l) => frameOf(l, url, bundleFile))) {
    if (!frame) continue;
    const entry = sourceMap.findEntry(frame.line - 1, frame.column - 1) as Partial<{ originalSource: string; originalLine: number; originalColumn: number }>;
    if (entry.originalSource === undefined || entry.originalLine === undefined) continue;
    const source = entry.originalSource;
    const file = source.startsWith('file:') ? fileURLToPath(source) : path.resolve(path.dirname(bundleFile), source);
    if (accept(file)) return { file, line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
  }
  return undefined;
}

/** Line and column (1-based, as V8 prints them) of a stack line in the bundle, if it is one. */
function frameOf(stackLine: string, url: string, file: string): { line: number; column: number } | undefined {
  for (const name of [url, file]) {
    const at = stackLine.lastIndexOf(`${name}:`);
    if (at < 0) continue;
    const m = /^:(\d+):(\d+)/.exec(stackLine.slice(at + name.length));
    if (m) return { line: Number(m[1]), column: Number(m[2]) };
  }
  return undefined;
}
