import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { makeSite, buildError, sitegenBin } from '../helpers/site.js';

// Content problems that used to pass silently or point at the wrong place, each in a small site:
// front matter errors at their line.

describe('front matter errors name the line', () => {
  const shapes: [string, string, number, RegExp][] = [
    ['a YAML syntax error', '---\ntitle: A\ndescription: "unclosed\nslug: /a\n---\n# A\n', 4, /unexpected end of the stream within a double quoted scalar/],
    ['bad indentation after blank and comment lines', '---\n\n# about\ntitle: A\nkeywords:\n  - a\n - b\n---\n# A\n', 7, /bad indentation/],
    ['a YAML error after a BOM, with CRLF line ends', '\uFEFF---\r\ntitle: A\r\nslug: : x\r\n---\r\n# A\r\n', 3, /a key node is missed/],
    ['an invalid value of a known key', '---\ntitle: A\n\n# position in the sidebar\nsidebar_position: second\nslug: /a\n---\n# A\n', 5, /^sidebar_position: expected number, found the string "second"/],
    ['an invalid item of a known list', '---\ntitle: A\nkeywords:\n  - a\n  - 3\n---\n# A\n', 5, /^keywords\.1: expected string, found number 3/],
    ['an invalid value after a BOM', '\uFEFF---\ntitle: A\nhide_title: maybe\n---\n# A\n', 3, /^hide_title: expected boolean/],
  ];
  for (const [name, source, line, message] of shapes) {
    it(name, async () => {
      const { dir, configFile } = makeSite({ 'docs/a.md': source });
      const e = await buildError(configFile);
      const p = e.problems!.find((q) => q.file === path.join(dir, 'docs/a.md'));
      expect(p, e.message).toBeDefined();
      expect(p!.message).toMatch(message);
      expect(p!.line).toBe(line);
    });
  }

  it('exits 1 with file:line and no stack trace', () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '---\ntitle: A\nsidebar_position: second\n---\n# A\n' });
    const run = spawnSync(process.execPath, [sitegenBin, 'build', '--config', configFile, '--out-dir', path.join(dir, 'out')], { cwd: dir, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${path.join(dir, 'docs/a.md')}:3: sidebar_position: expected number`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
  });
});
