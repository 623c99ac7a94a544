import fs from 'node:fs';

// A file's stamp: what tells, without reading it, that a file is as it was when a build read it. Its
// size, its modification and change times to the nanosecond (a tool that sets a modification time back
// cannot set the change time) and its inode (a file saved by renaming a new one over it). Used by the
// build record (unchangedBuild.ts) and the markdown files' content keys (content/textStamps.ts).

/** The stamp of a file's stats (taken with `bigint: true`). */
export function statsStamp(s: fs.BigIntStats): string {
  return `${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}`;
}

/** The stamp of `file`; undefined when it is missing. */
export function fileStamp(file: string): string | undefined {
  const s = fs.statSync(file, { throwIfNoEntry: false, bigint: true });
  return s && statsStamp(s);
}
