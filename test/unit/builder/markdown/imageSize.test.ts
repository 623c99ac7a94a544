import { describe, expect, it } from 'vitest';
import { intrinsicSize } from '../../../../src/builder/markdown/imageSize.js';
import { gifHeader, jpegHeader, pngHeader, svgText, webpHeader } from '../../../helpers/images.js';

describe('intrinsicSize', () => {
  it('reads width and height from PNG, JPEG, GIF and WebP headers', () => {
    expect(intrinsicSize(pngHeader(640, 360))).toEqual({ width: 640, height: 360 });
    expect(intrinsicSize(jpegHeader(1200, 630))).toEqual({ width: 1200, height: 630 });
    expect(intrinsicSize(gifHeader(32, 24))).toEqual({ width: 32, height: 24 });
    expect(intrinsicSize(webpHeader(300, 200))).toEqual({ width: 300, height: 200 });
  });

  it('reads an SVG by its width and height, or by its viewBox', () => {
    expect(intrinsicSize(Buffer.from(svgText('0 0 800 450')))).toEqual({ width: 800, height: 450 });
    expect(intrinsicSize(Buffer.from(svgText('0 0 10 10', ' width="120" height="60"')))).toEqual({ width: 120, height: 60 });
  });

  it('gives nothing for a file that is not an image it knows, rather than failing', () => {
    expect(intrinsicSize(Buffer.from('not an image'))).toBeUndefined();
    expect(intrinsicSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
  });
});
