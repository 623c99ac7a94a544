import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ASCII_MARK, asciiMarked, asciiOnly } from '../../../bin/cli-bundle.js';

// bin/cli-bundle.js writes the bundled CLI in ASCII when it can: the non-ASCII characters of comments
// and regular expressions as \u escapes, the code doing what it did; anything else leaves it as it was.

const run = (code: string) => vm.runInNewContext(code) as unknown;

describe('asciiOnly', () => {
  it('escapes comments and regular expressions (strings are escaped by esbuild), and the code returns the same', () => {
    const code = `// A comment — with a dash\n/* and 🪦 a stone */\n['it\\u2019s', 'x\\ud83d\\ude00y'].map((w) => w.replace(/’/g, "'").replace(/[😀]/u, '_').replace(/\\u2019/, '?'))`;
    const ascii = asciiOnly(code);
    expect(ascii).toMatch(/^[\x00-\x7f]*$/);
    expect(ascii).toContain('/\\u2019/g');
    expect(run(ascii)).toEqual(run(code));
    expect(run(ascii)).toEqual(["it's", 'x_y']);
  });

  it('leaves code it cannot escape as it is: a raw template, an escaped character in an expression', () => {
    for (const code of ['String.raw`it’s`', '/\\’/.test("’")', 'const café = 1']) expect(asciiOnly(code)).toBe(code);
    expect(asciiOnly('const plain = 1; // ascii')).toBe('const plain = 1; // ascii');
  });
});

describe('asciiMarked', () => {
  it('tells a bundle that ends with the mark asciiOnly bundles get, and nothing else', () => {
    expect(asciiMarked(Buffer.from(`const a = 1;${ASCII_MARK}`, 'latin1'))).toBe(true);
    expect(asciiMarked(Buffer.from('const a = 1;\n'))).toBe(false);
    expect(asciiMarked(Buffer.from(ASCII_MARK.slice(1)))).toBe(false);
  });
});
