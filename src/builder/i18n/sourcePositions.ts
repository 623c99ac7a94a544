// Where a position of generated code came from, read from its source map (version 3, one source):
// only a position the map names exactly is answered, never the nearest one before it, so that a
// caller that needs an exact original position (fastExtract.ts: the line of a <Translate>) can tell
// when the map does not know it and do without the generated code.

/** By character code: the value of a base64 digit, -1 for others. */
const DIGIT = new Int8Array(128).fill(-1);
[...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].forEach((c, i) => (DIGIT[c.charCodeAt(0)] = i));

export interface SourcePositions {
  /** The original 0-based { line, column } of generated 0-based (line, column), if the map names that position. */
  get(line: number, column: number): { line: number; column: number } | undefined;
}

/** Reads a source map's `mappings` (all of it, once: positions are deltas from the previous segment's). */
export function sourcePositions(mappings: string): SourcePositions {
  // Per generated line, its segments' [column, source line, source column], flat.
  const lines: number[][] = [[]];
  const fields = [0, 0, 0, 0, 0];
  let count = 0;
  let value = 0;
  let shift = 0;
  let column = 0;
  let source = 0;
  let sourceLine = 0;
  let sourceColumn = 0;
  const end = () => {
    if (count === 0) return;
    column += fields[0];
    if (count >= 4) {
      source += fields[1];
      sourceLine += fields[2];
      sourceColumn += fields[3];
      if (source === 0) lines[lines.length - 1].push(column, sourceLine, sourceColumn);
    }
    count = 0;
  };
  for (let i = 0; i < mappings.length; i++) {
    const c = mappings.charCodeAt(i);
    if (c === 59 /* ; */ || c === 44 /* , */) {
      end();
      if (c === 59) {
        lines.push([]);
        column = 0;
      }
      continue;
    }
    const digit = c < 128 ? DIGIT[c] : -1;
    if (digit < 0) throw new Error(`Not a source map digit: ${mappings[i]}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    if (count < 5) fields[count] = value & 1 ? -(value >>> 1) : value >>> 1;
    count++;
    value = 0;
    shift = 0;
  }
  end();
  return {
    get(line, col) {
      const segments = lines[line];
      // The first segment of a position: the segments of one position name the same place.
      for (let i = 0; segments && i < segments.length; i += 3) if (segments[i] === col) return { line: segments[i + 1], column: segments[i + 2] };
      return undefined;
    },
  };
}
