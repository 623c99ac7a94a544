// A worker thread's entry (src/builder/parallel/threadStart.ts starts it): runs the thread's bundled
// script (src/builder/parallel/workerScript.ts, CommonJS) with V8's code cache beside it, as the CLI
// runs its bundle (cli-bundle.js). Told to by the thread that started it, before it is stopped, it
// writes the code cache it lacked (or that V8 rejected): what the thread compiled, for the next build's
// threads. A thread is stopped (worker.terminate()), so no 'exit' handler of its own would run.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import vm from 'node:vm';
import { writeCodeCache } from './codeCache.js';
import { bundleSource } from './bundleText.js';

const { file, cacheFile, port } = workerData.sitegenThread;
let cachedData;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {}
const bytes = fs.readFileSync(file);
// Written in ASCII when it could be (bundleText.js): read as it is, one byte a character.
const source = bundleSource(bytes);
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __sitegenImport, __sitegenBundleUrl) {${source}\n})`, { filename: file, cachedData });
const missing = !cachedData || script.cachedDataRejected;
// The port only answers: it keeps the thread alive no more than the script's own work does.
port.on('message', () => {
  const written = missing && writeCodeCache(script, cacheFile);
  port.postMessage({ written });
});
port.unref();
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file), (specifier) => import(specifier), pathToFileURL(file).href);
