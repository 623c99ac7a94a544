// Loaded into a `sitegen build` process by a test (NODE_OPTIONS=--import): the package named by
// SITEGEN_TEST_INSTALLED (`name@version`) reads as installed at that version (its package.json's
// "version", wherever the process reads it from), as after an `npm install` that upgraded it; its
// code stays the one installed. node_modules is shared (hard links), so the test may not edit it.
import fs from 'node:fs';
import path from 'node:path';
import { syncBuiltinESMExports } from 'node:module';

const asked = process.env.SITEGEN_TEST_INSTALLED?.match(/^(.+)@([^@]+)$/);

if (asked) {
  const [, name, version] = asked;
  const manifest = `${path.sep}node_modules${path.sep}${name}${path.sep}package.json`;
  const { readFileSync } = fs;
  fs.readFileSync = function (file, options) {
    const bytes = readFileSync.call(this, file, options);
    if (typeof file !== 'string' || !file.endsWith(manifest)) return bytes;
    const text = JSON.stringify({ ...JSON.parse(String(bytes)), version });
    return typeof bytes === 'string' ? text : Buffer.from(text);
  };
  syncBuiltinESMExports();
}
