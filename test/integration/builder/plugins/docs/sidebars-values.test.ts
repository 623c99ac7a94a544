import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../../../../src/shared/types.js';
import { cliBuild } from '../../../../helpers/cliBuild.js';
import { repoRoot } from '../../../../helpers/paths.js';
import { localeDocs } from '../../../../../src/builder/plugins/docs/model.js';

// Sidebars values as Docusaurus's schema accepts them (test/fixtures/sidebars-values): its Joi
// boolean() converts "true" and "false" (any case), so sites write them as strings and Docusaurus
// builds them. sitegen reads them as the booleans, with one warning per value at the item's line.

const fixture = path.join(repoRoot, 'test/fixtures/sidebars-values');

describe('sidebars values Docusaurus converts', () => {
  it('"collapsed": "true" is the boolean, with one warning naming the file, line and item', async () => {
    const run = await cliBuild(path.join(fixture, 'site.config.ts'));
    expect(run.stderr).not.toContain('✖');
    expect(run.status).toBe(0);
    const file = path.join(fixture, 'sidebars.js');
    const warnings = run.result!.warnings.filter((w) => w.file === file);
    expect(warnings.map((w) => [w.line, w.message])).toEqual([
      [7, 'docs > items[1]: "collapsed": "true" is a string, read as the boolean true (as Docusaurus\'s schema converts it)'],
      [13, 'docs > items[2]: "collapsible": "True" is a string, read as the boolean true (as Docusaurus\'s schema converts it)'],
      [14, 'docs > items[2]: "collapsed": "false" is a string, read as the boolean false (as Docusaurus\'s schema converts it)'],
    ]);
    const items = localeDocs(run.result!.site.locales[0])![0].sidebars.docs.items as Extract<SidebarItem, { type: 'category' }>[];
    expect(items.slice(1).map((c) => [c.label, c.collapsed, c.collapsible])).toEqual([
      ['Guides', true, true],
      ['More', false, true],
    ]);
  });

  it('a string that is not a boolean still fails, at its line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-sidebars-values-'));
    fs.cpSync(fixture, dir, { recursive: true });
    const file = path.join(dir, 'sidebars.js');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("collapsed: 'true'", "collapsed: 'yes'"));
    const run = await cliBuild(path.join(dir, 'site.config.ts'));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${file}:7: docs > items[1]: collapsed: expected boolean`);
  });
});
