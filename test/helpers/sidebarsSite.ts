import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths.js';

// test/fixtures/sidebars-site copied to a temporary folder with the package its sidebars.js requires
// (a fixture's node_modules is not committed) and its config's schema import made absolute.

/** A copy of the fixture next to the package its sidebars.js requires (node_modules is not committed). */
export function copySidebarsSite(): { dir: string; configFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-sidebars-'));
  fs.cpSync(path.join(repoRoot, 'test/fixtures/sidebars-site'), dir, { recursive: true });
  const pkg = path.join(dir, 'node_modules/beacon-sidebar-helpers');
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'beacon-sidebar-helpers', version: '1.0.0', main: 'index.js' }));
  fs.writeFileSync(path.join(pkg, 'index.js'), 'exports.category = (label, items) => ({ [label]: items });\n');
  const configFile = path.join(dir, 'site.config.ts');
  const schema = JSON.stringify(path.join(repoRoot, 'src/builder/config/schema'));
  fs.writeFileSync(configFile, fs.readFileSync(configFile, 'utf8').replace("'../../../src/builder/config/schema'", schema));
  return { dir, configFile };
}
