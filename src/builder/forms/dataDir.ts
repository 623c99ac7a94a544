import fs from 'node:fs';
import { DATA_DIR_MARKER } from './appendLog.js';

// How a forms data folder is recognised wherever it turns up, so that the static copy never
// publishes one (the config refuses a dataDir in a static folder; this catches a copy, a link or a
// folder another config points at): the marker every folder the receiver writes to carries, else the
// files only a data folder holds (the outbox, or the link secret beside submissions).

/** Whether `dir` is a forms data folder. */
export function isFormsDataDir(dir: string): boolean {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return false;
  }
  return names.includes(DATA_DIR_MARKER) || names.includes('outbox.jsonl') || (names.includes('secret') && names.some((n) => n.endsWith('.jsonl')));
}
