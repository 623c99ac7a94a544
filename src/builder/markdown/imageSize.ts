import { imageSize } from 'image-size';

// The intrinsic size of a local image, written into its <img> as width and height so that the browser
// reserves its box before it loads: a page opened at a heading stays at that heading (no layout
// shift). image-size reads the headers of PNG, JPEG, GIF, WebP, SVG, AVIF and a dozen other formats
// (Docusaurus uses it for the same purpose); it has no dependencies.

export interface IntrinsicSize {
  width: number;
  height: number;
}

/** Width and height of an image (its file's bytes) as the browser shows it, or undefined when they cannot be read (then the <img> gets none). */
export function intrinsicSize(bytes: Uint8Array): IntrinsicSize | undefined {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return undefined;
  }
  let { width, height } = size;
  // EXIF orientations 5 to 8 turn a JPEG a quarter turn: browsers show it with width and height swapped.
  if (size.orientation !== undefined && size.orientation >= 5) [width, height] = [height, width];
  if (!(width > 0 && height > 0)) return undefined;
  return { width: Math.round(width), height: Math.round(height) };
}
