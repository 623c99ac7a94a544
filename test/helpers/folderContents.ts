import fs from 'node:fs';
import path from 'node:path';

// Every file of a built output folder by its path in the folder, read as bytes (latin1: one char per
// byte), for tests that compare two builds file by file.

export function folderContents(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(path.relative(dir, p), fs.readFileSync(p, 'latin1'));
    }
  };
  walk(dir);
  return out;
}
