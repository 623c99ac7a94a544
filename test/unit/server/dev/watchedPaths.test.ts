import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchedPaths } from '../../../../src/server/dev/watch.js';
import { siteConfigSchema } from '../../../../src/builder/config/schema.js';

// What `sitegen dev` watches besides the content: the config, the site-wide stylesheets and the
// client modules (a stylesheet among them is no module of a bundle's graph: nothing else would see it change).

describe('watchedPaths', () => {
  it('holds customCss and every client module', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-watch-'));
    for (const f of ['site.config.ts', 'src/css/custom.css', 'src/extra.css', 'src/module.js']) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), '');
    }
    const config = siteConfigSchema.parse({
      title: 'T',
      url: 'https://example.com',
      clientModules: ['./src/extra.css', path.join(dir, 'src/module.js')],
      themeConfig: { customCss: ['./src/css/custom.css'] },
    });
    const paths = watchedPaths({ config, siteDir: dir, configFile: path.join(dir, 'site.config.ts') });
    expect(paths).toEqual(expect.arrayContaining(['site.config.ts', 'src/css/custom.css', 'src/extra.css', 'src/module.js'].map((f) => path.join(dir, f))));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
