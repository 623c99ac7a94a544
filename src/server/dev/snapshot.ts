import fs from 'node:fs';
import path from 'node:path';

// The output of the last `sitegen dev` run, kept on disk so that the next start serves pages at once
// while its first build runs. One file: a length, a JSON header (the site's config, routes, chrome,
// and where each file's bytes are), then the bytes. Starting reads the header only; a file is read
// when it is asked for, so a large site costs nothing to open.

/** Files by path: a build's MemorySink, or a snapshot read lazily from disk. */
export interface FileSet {
  get(rel: string): string | Uint8Array | undefined;
  has(rel: string): boolean;
  keys(): Iterable<string>;
  /** Releases what the set holds open (the snapshot's file). */
  close?(): void;
}

interface Header<M> {
  meta: M;
  /** Path → [offset from the end of the header, length, 1 when the bytes are text]. */
  index: Record<string, [number, number, number]>;
}

export function writeSnapshotFile<M>(file: string, params: { meta: M; files: Iterable<[string, string | Uint8Array]> }): void {
  const index: Header<M>['index'] = {};
  const chunks: Buffer[] = [];
  let offset = 0;
  for (const [rel, data] of params.files) {
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    index[rel] = [offset, bytes.length, typeof data === 'string' ? 1 : 0];
    chunks.push(bytes);
    offset += bytes.length;
  }
  const header = Buffer.from(JSON.stringify({ meta: params.meta, index }));
  const size = Buffer.alloc(4);
  size.writeUInt32LE(header.length);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    for (const b of [size, header, ...chunks]) fs.writeSync(fd, b);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

/** The snapshot's header and a lazy view of its files, or undefined when there is none (or it is damaged). */
export function openSnapshotFile<M>(file: string): { meta: M; files: FileSet } | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const size = Buffer.alloc(4);
    fs.readSync(fd, size, 0, 4, 0);
    const header = Buffer.alloc(size.readUInt32LE());
    fs.readSync(fd, header, 0, header.length, 4);
    const { meta, index } = JSON.parse(header.toString('utf8')) as Header<M>;
    const base = 4 + header.length;
    // The descriptor stays open: the snapshot is replaced by a rename, never written in place.
    const files: FileSet = {
      get(rel) {
        const at = index[rel];
        if (!at) return undefined;
        const bytes = Buffer.alloc(at[1]);
        fs.readSync(fd, bytes, 0, at[1], base + at[0]);
        return at[2] ? bytes.toString('utf8') : new Uint8Array(bytes);
      },
      has: (rel) => Object.hasOwn(index, rel),
      keys: () => Object.keys(index),
      close: () => fs.closeSync(fd),
    };
    return { meta, files };
  } catch {
    fs.closeSync(fd);
    return undefined;
  }
}
