#!/usr/bin/env node
// Sums the page loads a test run recorded (test/helpers/pageLoads.ts, SITEGEN_TEST_PAGE_LOADS=<file>):
// per test file (loads, of them in a new tab), then per url the files that load it, then (with --tests)
// per test. For finding the loads a browser test could share: `node scripts/page-loads.mjs loads.jsonl`.
import fs from 'node:fs';

const [file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/page-loads.mjs <loads.jsonl> [--tests]');
  process.exit(2);
}
const loads = fs
  .readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));

const count = (items, key) => {
  const m = new Map();
  for (const item of items) {
    const k = key(item);
    m.set(k, [...(m.get(k) ?? []), item]);
  }
  return [...m].sort((a, b) => b[1].length - a[1].length);
};

console.log(`${loads.length} page loads, ${loads.filter((l) => l.newTab).length} of them a new tab's first\n\nper file:`);
for (const [name, items] of count(loads, (l) => l.file)) console.log(`${String(items.length).padStart(5)} ${String(items.filter((l) => l.newTab).length).padStart(4)} new tab  ${name}`);
console.log('\nper url (files loading it):');
for (const [url, items] of count(loads, (l) => l.url)) {
  const files = count(items, (l) => l.file).map(([f, i]) => `${f.replace(/^test\/\w+\//, '')} ${i.length}`);
  console.log(`${String(items.length).padStart(5)} ${url}  ${files.join(', ')}`);
}
if (flags.includes('--tests')) {
  console.log('\nper test:');
  for (const [test, items] of count(loads, (l) => `${l.file} > ${l.test}`)) console.log(`${String(items.length).padStart(5)} ${test}  ${[...new Set(items.map((l) => l.url))].join(' ')}`);
}
