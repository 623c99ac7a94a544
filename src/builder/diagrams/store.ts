// Drawn diagrams kept between builds: in memory for the builds of one process (dev, the benchmark's
// rebuild), and on disk (node_modules/.cache/sitegen/diagrams, one small file per diagram) for the next
// process, so that a build whose diagrams were all drawn before starts no browser. A file is named by
// the diagram's key (a content hash of its source, mermaid's and the browser's versions and mermaid's options): a stale entry
// can never be read.
import fs from 'node:fs';
import path from 'node:path';
import { markUsed, storeFolder } from '../cacheFolder.js';
import type { DiagramResult } from './types.js';

export class DiagramStore {
  private readonly memory = new Map<string, DiagramResult>();
  /** The distinct diagrams of the builds so far: drawn, or read back (`sitegen build --json` prints them). */
  readonly stats = { drawn: 0, cached: 0 };

  /** `dir`: the folder on disk, or false to keep entries in memory only. */
  constructor(private readonly dir: string | false = defaultDiagramDir()) {}

  get(key: string): DiagramResult | undefined {
    let hit = this.memory.get(key);
    if (!hit && this.dir) {
      try {
        const file = path.join(this.dir, `${key}.json`);
        const read = JSON.parse(fs.readFileSync(file, 'utf8')) as DiagramResult;
        // A file that is not a drawing (damaged on disk) is drawn again, as a missing one.
        if (typeof read?.svg !== 'string' && typeof read?.error !== 'string') return undefined;
        this.memory.set(key, (hit = read));
        // Pruning (persistentCache.ts) removes the least recently used first.
        markUsed(file);
      } catch {
        return undefined;
      }
    }
    return hit;
  }

  set(key: string, result: DiagramResult): void {
    this.memory.set(key, result);
    if (!this.dir) return;
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      // Written aside and renamed: a build reading the folder meanwhile never sees half a file.
      const file = path.join(this.dir, `${key}.json`);
      fs.writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(result));
      fs.renameSync(`${file}.${process.pid}.tmp`, file);
    } catch {
      // A cache that cannot be written only costs the next build the drawing again.
    }
  }
}

export function defaultDiagramDir(): string {
  return storeFolder('diagrams');
}
