import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../helpers/site.js';
import { repoRoot } from '../../../helpers/paths.js';
import type { MemorySink } from '../../../../src/builder/output/sink.js';

// Stylesheet url()s as css-loader handles them in Docusaurus (fixture test/fixtures/css-urls): a
// query or hash after the file (`icons.eot?#iefix`, `icons.svg#x`) names the file and stays after
// its hashed url; any file type (.eot, .otf, .ico, .cur, a video, an unknown extension) is a hashed
// asset; a url of another origin stays as written.

const fixture = path.join(repoRoot, 'test/fixtures/css-urls');
let sink: MemorySink;
let css = '';

beforeAll(async () => {
  ({ sink } = await buildSite(path.join(fixture, 'site.config.ts')));
  const sheet = [...(sink.read('index.html') ?? '').matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)].map((m) => m[1]);
  css = sheet.map((f) => sink.read(f) ?? '').join('');
}, 120_000);

/** The url sitegen gives a file: assets/<kind>/<name>-<8 hex of its content's sha256>.<ext>. */
const hashed = (kind: string, file: string) => {
  const ext = path.extname(file);
  const hash = crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(fixture, file)))
    .digest('hex')
    .slice(0, 8);
  return `/assets/${kind}/${path.basename(file, ext)}-${hash}${ext}`;
};

describe('stylesheet url()s', () => {
  it('keeps the query or hash after the hashed file', () => {
    // The stylesheet as the styles stage writes it (lightningcss): no space is needed between url() and format().
    const compact = css.replace(/\) format\(/g, ')format(');
    expect(compact).toContain(`url(${hashed('fonts', 'static/fonts/icons.eot')}?#iefix)format("embedded-opentype")`);
    expect(compact).toContain(`url(${hashed('fonts', 'static/fonts/icons.otf')}?v=4.7.0)format("opentype")`);
    expect(css).toContain(`url(${hashed('images', 'static/img/icons.svg')}#x)`);
  });

  it('hashes any file type, and writes each file', () => {
    const urls = [
      hashed('fonts', 'static/fonts/icons.eot'),
      hashed('images', 'static/img/favicon.ico'),
      hashed('images', 'src/css/hand.cur'),
      hashed('medias', 'static/media/intro.mov'),
      hashed('files', 'src/css/mask.xyz'),
    ];
    for (const url of urls) {
      expect(css).toContain(`url(${url})`.replace(/\)$/, ''));
      expect(sink.read(url.slice(1))).toBeDefined();
    }
  });

  it('leaves a url of another origin as written', () => {
    expect(css).toContain('url(https://example.com/a.png)');
  });
});
