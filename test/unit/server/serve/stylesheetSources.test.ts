import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stylesheetSources } from '../../../../src/server/serve/stylesheetSources.js';

// What a build's stylesheets load from other hosts, as esbuild writes them (`@import"https://..."`, no
// space): the imported stylesheets' origins, Google Fonts' font host with its stylesheet, and the
// origins of fonts named by url(); a url() of an image or of the site itself is none of them.

describe('stylesheetSources', () => {
  it('reads the @imports and font urls of every stylesheet below assets/', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-css-sources-'));
    fs.mkdirSync(path.join(dir, 'assets/css/pages'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'assets/css/styles.css'),
      '@import"https://fonts.googleapis.com/css2?family=Inter";@import url(https://cdn.example/x.css);body{background:url(https://img.example/a.png)}',
    );
    fs.writeFileSync(path.join(dir, 'assets/css/pages/home.css'), "@font-face{src:url('https://fonts.example/a.woff2?v=1') format('woff2'),url(/assets/fonts/b.woff)}");
    fs.writeFileSync(path.join(dir, 'index.css'), '@import"https://outside.assets.example/x.css";');
    expect(stylesheetSources(dir)).toEqual({ style: ['https://cdn.example', 'https://fonts.googleapis.com'], font: ['https://fonts.example', 'https://fonts.gstatic.com'] });
  });
});
