import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../../src/builder/build.js';
import { createBuildCache } from '../../../../src/builder/cache.js';
import { MemorySink } from '../../../../src/builder/output/sink.js';
import { makeSite, buildSite } from '../../../helpers/site.js';
import { gifHeader, jpegHeader, pngHeader, svgText, webpHeader } from '../../../helpers/images.js';

// Local images carry their intrinsic width and height in the built HTML, so that the browser reserves
// their boxes before they load (a jump to a heading is not pushed down afterwards).

const doc = [
  '# Pictures',
  '',
  '![a chart](./chart.png)',
  '',
  '![a photo](/img/photo.jpg)',
  '',
  '![an animation](/img/spin.gif) ![a webp](./pic.webp) ![a diagram](/img/flow.svg)',
  '',
  '![remote](https://example.org/far.png)',
  '',
  '![broken header](/img/broken.png)',
  '',
  '<img src="/img/flow.svg" alt="jsx diagram" />',
  '',
  '<img src="/img/photo.jpg" alt="sized by the author" width="100" />',
  '',
].join('\n');

function site() {
  const made = makeSite({ 'docs/pictures.md': doc, 'docs/chart.png': '', 'docs/pic.webp': '', 'static/img/flow.svg': svgText('0 0 800 450'), 'static/img/broken.png': 'not a png' });
  const write = (rel: string, bytes: Buffer) => fs.writeFileSync(path.join(made.dir, rel), bytes);
  write('docs/chart.png', pngHeader(640, 360));
  write('docs/pic.webp', webpHeader(300, 200));
  fs.mkdirSync(path.join(made.dir, 'static/img'), { recursive: true });
  write('static/img/photo.jpg', jpegHeader(1200, 630));
  write('static/img/spin.gif', gifHeader(32, 24));
  return { ...made, write };
}

const imgs = (html: string) => html.match(/(?<!<div class="navbar__logo">)<img [^>]*>/g) ?? [];
const byAlt = (html: string, alt: string) => imgs(html).find((t) => t.includes(`alt="${alt}"`));

describe('image sizes', () => {
  it('writes the width and height of PNG, JPEG, GIF, WebP and SVG images, next to the doc or in static/, and lazy loading on markdown images', async () => {
    const { configFile } = site();
    const { sink } = await buildSite(configFile);
    const html = sink.read('docs/pictures/index.html')!;
    expect(byAlt(html, 'a chart')).toMatch(/^<img src="\/assets\/files\/chart-[0-9a-f]{8}\.png" alt="a chart" width="640" height="360" loading="lazy">$/);
    expect(byAlt(html, 'a photo')).toBe('<img src="/img/photo.jpg" alt="a photo" width="1200" height="630" loading="lazy">');
    expect(byAlt(html, 'an animation')).toContain('width="32" height="24" loading="lazy"');
    expect(byAlt(html, 'a webp')).toContain('width="300" height="200" loading="lazy"');
    expect(byAlt(html, 'a diagram')).toContain('width="800" height="450" loading="lazy"');
    // Remote and unreadable images get no size (and no error); JSX images get one unless the author gave one.
    expect(byAlt(html, 'remote')).toBe('<img src="https://example.org/far.png" alt="remote" loading="lazy">');
    expect(byAlt(html, 'broken header')).toBe('<img src="/img/broken.png" alt="broken header" loading="lazy">');
    expect(byAlt(html, 'jsx diagram')).toBe('<img src="/img/flow.svg" alt="jsx diagram" width="800" height="450">');
    expect(byAlt(html, 'sized by the author')).toBe('<img src="/img/photo.jpg" alt="sized by the author" width="100">');
  });

  it('measures an image again when it changes between builds that share a cache, though the markdown did not change', async () => {
    const { configFile, write } = site();
    const cache = createBuildCache();
    const first = new MemorySink();
    await build({ configFile, sink: first, cache });
    expect(byAlt(first.read('docs/pictures/index.html')!, 'a photo')).toContain('width="1200" height="630"');
    write('static/img/photo.jpg', jpegHeader(800, 600));
    write('docs/chart.png', pngHeader(64, 64));
    const second = new MemorySink();
    await build({ configFile, sink: second, cache });
    const html = second.read('docs/pictures/index.html')!;
    expect(byAlt(html, 'a photo')).toContain('width="800" height="600"');
    expect(byAlt(html, 'a chart')).toContain('width="64" height="64"');
  });
});
