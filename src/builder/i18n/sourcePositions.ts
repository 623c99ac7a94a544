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
  // The fields of the segment being read, how many were read, and the number being read (its bits so far).
  const fields = [0, 0, 0, 0, 0];
  let count = 0;
  const number = { value: 0, shift: 0 };
  // Where the last segment was: generated column (of this line), source index, source line and column.
  const at = [0, 0, 0, 0];
  const end = () => {
    if (count === 0) return;
    at[0] += fields[0];
    if (count >= 4) {
      for (let f = 1; f < 4; f++) at[f] += fields[f];
      if (at[1] === 0) lines[lines.length - 1].push(at[0], at[2], at[3]);
    }
    count = 0;
  };
  for (let i = 0; i < mappings.length; i++) {
    const c = mappings.charCodeAt(i);
    if (c === 59 /* ; */ || c === 44 /* , */) {
      end();
      if (c === 59) {
        lines.push([]);
        at[0] = 0;
      }
      continue;
    }
    const digit = c < 128 ? DIGIT[c] : -1;
    if (digit < 0) throw new Error(`Not a source map digit: ${mappings[i]}`);
    number.value += (digit & 31) << number.shift;
    if (digit & 32) {
      number.shift += 5;
      continue;
    }
    const { value } = number;
    if (count < 5) fields[count] = value & 1 ? -(value >>> 1) : value >>> 1;
    count++;
    number.value = 0;
    number.shift = 0;
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
