import fs from 'node:fs';
import path from 'node:path';

/** Where a build writes its files: a folder swapped in atomically, or memory (tests, dev server). */
export interface OutputSink {
  write(relPath: string, data: string | Uint8Array): void;
  copy(relPath: string, absSource: string): void;
  /** Makes the output visible; for a folder, replaces the previous build in one rename. */
  commit(): Promise<void>;
  /** Drops everything written (a failed build): the previous output stays as it was. */
  abort(): Promise<void>;
}

export class MemorySink implements OutputSink {
  readonly files = new Map<string, string | Uint8Array>();
  readonly copies = new Map<string, string>();

  write(relPath: string, data: string | Uint8Array): void {
    this.files.set(relPath, data);
  }

  copy(relPath: string, absSource: string): void {
    this.copies.set(relPath, absSource);
  }

  read(relPath: string): string | undefined {
    const v = this.files.get(relPath);
    if (v === undefined) {
      const src = this.copies.get(relPath);
      return src ? fs.readFileSync(src, 'utf8') : undefined;
    }
    return typeof v === 'string' ? v : Buffer.from(v).toString('utf8');
  }

  paths(): string[] {
    return [...new Set([...this.files.keys(), ...this.copies.keys()])].sort();
  }

  async commit(): Promise<void> {}
  async abort(): Promise<void> {}
}

/**
 * Writes into a fresh sibling folder of the output and renames it over the output only when the
 * whole build succeeded, so a failed build never leaves a half-written site.
 */
export class DirSink implements OutputSink {
  private readonly tmp: string;
  private readonly made = new Set<string>();

  constructor(private readonly outDir: string) {
    this.tmp = `${outDir.replace(/[/\\]+$/, '')}.tmp-${process.pid}-${Date.now()}`;
    fs.mkdirSync(this.tmp, { recursive: true });
  }

  private ensureDir(file: string): void {
    const dir = path.dirname(file);
    if (this.made.has(dir)) return;
    fs.mkdirSync(dir, { recursive: true });
    this.made.add(dir);
  }

  write(relPath: string, data: string | Uint8Array): void {
    const file = path.join(this.tmp, relPath);
    this.ensureDir(file);
    fs.writeFileSync(file, data);
  }

  copy(relPath: string, absSource: string): void {
    const file = path.join(this.tmp, relPath);
    this.ensureDir(file);
    fs.copyFileSync(absSource, file);
  }

  async commit(): Promise<void> {
    const old = `${this.outDir.replace(/[/\\]+$/, '')}.old-${process.pid}-${Date.now()}`;
    const hadOld = fs.existsSync(this.outDir);
    if (hadOld) fs.renameSync(this.outDir, old);
    try {
      fs.renameSync(this.tmp, this.outDir);
    } catch (e) {
      if (hadOld) fs.renameSync(old, this.outDir);
      throw e;
    }
    if (hadOld) await fs.promises.rm(old, { recursive: true, force: true });
  }

  async abort(): Promise<void> {
    await fs.promises.rm(this.tmp, { recursive: true, force: true });
  }
}
