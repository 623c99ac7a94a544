import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A save that a watcher sees whole: the text is written to a file outside the watched folder, then
// renamed over the target in one step, as editors that save atomically do. `fs.writeFileSync` saves in
// place: it empties the file, then writes it, and on a busy machine a dev server's watcher can wake in
// between and build the empty file (seen in a CI run at load 14: a component saved with a syntax error
// was first reported as "Element type is invalid" at the doc that uses it, the empty module's problem).
// For the tests that assert the first problem a save causes; the tests of saves in place keep
// writeFileSync.

let counter = 0;

export function saveWhole(file: string, text: string): void {
  const tmp = path.join(os.tmpdir(), `sitegen-save-${process.pid}-${counter++}`);
  fs.writeFileSync(tmp, text);
  try {
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}
