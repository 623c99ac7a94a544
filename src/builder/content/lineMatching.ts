import fs from 'node:fs';

// Where a file writes something a problem is about, when no parser gave a position: the first line
// matching a pattern (the config's `disableVersioning: true`, a doc's `<DocCardList`).

/** The first line (1-based) of `file` that `pattern` matches, if any. */
export function lineMatching(file: string, pattern: RegExp): number | undefined {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l) => pattern.test(l));
  return i < 0 ? undefined : i + 1;
}
