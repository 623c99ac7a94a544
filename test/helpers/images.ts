// The smallest files each image format's header can be read from: enough for a build to measure them
// (image-size reads headers only), made here rather than kept as binary fixtures.

const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16be = (n: number) => [(n >>> 8) & 255, n & 255];
const u16le = (n: number) => [n & 255, (n >>> 8) & 255];
const u24le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function pngHeader(width: number, height: number): Buffer {
  return Buffer.from([0x89, ...ascii('PNG\r\n\x1a\n'), ...u32be(13), ...ascii('IHDR'), ...u32be(width), ...u32be(height), 8, 6, 0, 0, 0, ...u32be(0)]);
}

export function gifHeader(width: number, height: number): Buffer {
  return Buffer.from([...ascii('GIF89a'), ...u16le(width), ...u16le(height), 0, 0, 0]);
}

/** A JPEG's start, an APP0 segment, then the frame header (SOF0) that holds the size. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, ...u16be(16), ...ascii('JFIF\0'), 1, 1, 0, ...u16be(1), ...u16be(1), 0, 0];
  const sof0 = [0xff, 0xc0, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

/** An extended WebP (VP8X chunk): width and height minus one, 24 bits each. */
export function webpHeader(width: number, height: number): Buffer {
  const chunk = [...ascii('VP8X'), 10, 0, 0, 0];
  const body = [0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)];
  return Buffer.from([...ascii('RIFF'), ...u32be(4 + 8 + body.length).reverse(), ...ascii('WEBP'), ...chunk, ...body]);
}

export const svgText = (viewBox: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"${attrs}><rect width="10" height="10"/></svg>\n`;
