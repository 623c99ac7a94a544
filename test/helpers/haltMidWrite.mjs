// Loaded into a `sitegen build` process by a test (NODE_OPTIONS=--import): the first write to a
// temporary file whose name matches SITEGEN_TEST_HALT_WRITE (a regular expression) writes half of its
// bytes, flushes them, records that state in SITEGEN_TEST_HALT_MARK ({ pid, tmp, written, total },
// written whole and renamed into place) and stops the thread there for good. The test then kills the
// process (kill -9) while the entry is provably half-written: a state it reads, not a time it guesses.
// Only the process's fs functions are wrapped; sitegen's code is run as it is.
import fs from 'node:fs';
import path from 'node:path';
import { syncBuiltinESMExports } from 'node:module';

const pattern = process.env.SITEGEN_TEST_HALT_WRITE && new RegExp(process.env.SITEGEN_TEST_HALT_WRITE);
const mark = process.env.SITEGEN_TEST_HALT_MARK;

if (pattern && mark) {
  const watched = new Map();
  const { openSync, writevSync, closeSync } = fs;
  fs.openSync = function (file, ...rest) {
    const fd = openSync.call(this, file, ...rest);
    if (typeof file === 'string' && pattern.test(path.basename(file))) watched.set(fd, file);
    return fd;
  };
  fs.closeSync = function (fd) {
    watched.delete(fd);
    return closeSync.call(this, fd);
  };
  fs.writevSync = function (fd, buffers, ...rest) {
    const tmp = watched.get(fd);
    if (tmp === undefined || fs.existsSync(mark)) return writevSync.call(this, fd, buffers, ...rest);
    const total = buffers.reduce((n, b) => n + b.byteLength, 0);
    // The first half of the bytes, as the buffers hold them.
    const bytes = Buffer.concat(buffers.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength))).subarray(0, Math.floor(total / 2));
    let written = 0;
    while (written < bytes.length) written += fs.writeSync(fd, bytes, written);
    fs.fsyncSync(fd);
    fs.writeFileSync(`${mark}.part`, JSON.stringify({ pid: process.pid, tmp, written, total }));
    fs.renameSync(`${mark}.part`, mark);
    // Halted mid-write until killed.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    return 0;
  };
  syncBuiltinESMExports();
}
