// The strings of plain JavaScript (the browser bundle's scripts): its string literals and the parts of
// its templates, as TypeScript's scanner reads them (the same tokens, values and escapes), without
// TypeScript: loading its 9 MB took 0.3 s of CPU in every build process (a cold build of the versioned
// bench site: 320 of the styles stage's 970 ms; a three-page site: 320 of 470 ms), for a scan of 60 ms.
// A `/` after a value divides, elsewhere it starts a regular expression (TypeScript's keywords are no
// values, but `this`, `super`, `null`, `true` and `false`); a `}` that closes a template's `${` goes on
// with the template. A string a DOM query looks for (`querySelector('.x')`, see QUERIES) is skipped.
// test/unit/builder/css/codeStrings.test.ts reads real scripts with both and compares.

export type CodeString = { text: string; kind: 'string' | 'template-head' | 'template-tail' };

/** DOM methods whose string argument looks for elements: a class named there is not shown by it. */
export const QUERIES = new Set(['querySelector', 'querySelectorAll', 'closest', 'matches', 'getElementsByClassName']);

/** TypeScript's keywords (its scanner gives them their own tokens: `of`, `as`, `type`, `undefined` too). */
const KEYWORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this ' +
    'throw true try typeof var void while with implements interface let package private protected public static yield abstract accessor as asserts assert any async await boolean ' +
    'constructor declare get infer intrinsic is keyof module namespace never out readonly require number object satisfies set string symbol type undefined unique unknown using from ' +
    'global bigint override of defer'
  ).split(' '),
);
/** The keywords that are values: a `/` after them divides. */
const VALUE_KEYWORDS = new Set(['this', 'super', 'null', 'true', 'false']);

const ID_START = /[\p{ID_Start}]/u;
const ID_PART = /[\p{ID_Continue}]/u;
const isIdStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 36 || c === 95 || (c > 127 && ID_START.test(String.fromCodePoint(c)));
const isIdPart = (c: number) => isIdStart(c) || (c >= 48 && c <= 57) || (c > 127 && ID_PART.test(String.fromCodePoint(c)));
const isDigit = (c: number) => c >= 48 && c <= 57;
const isOctal = (c: number) => c >= 48 && c <= 55;
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isLineBreak = (c: number) => c === 10 || c === 13 || c === 8232 || c === 8233;
const isSpace = (c: number) =>
  c === 32 || c === 9 || c === 11 || c === 12 || c === 160 || c === 133 || c === 5760 || (c >= 8192 && c <= 8203) || c === 8239 || c === 8287 || c === 12288 || c === 65279;

/**
 * The characters a string literal's or a template's scan passes over, matched from `lastIndex` by
 * the expression engine instead of one at a time: a build reads its scripts once, mostly before the
 * scanner is optimised, where each character's comparisons cost calls. The Shifu site's 40 scripts
 * (400 KB) in a new process with the build's node flags: 64 -> 53 ms of CPU (medians of 10
 * alternating runs, 21:56 UTC, load 2-3); 462 -> 425 M instructions (callgrind, --single-threaded).
 */
const DOUBLE_PLAIN = /[^"\\\n\r]*/y;
const SINGLE_PLAIN = /[^'\\\n\r]*/y;
const TEMPLATE_PLAIN = /[^`$\\\r]*/y;

/** Calls `visit` with each string of the code, in order. */
export function codeStrings(code: string, visit: (s: CodeString) => void): void {
  const end = code.length;
  let pos = 0;
  const at = (p: number) => (p < end ? code.charCodeAt(p) : -1);
  const pointAt = (p: number) => (p < end ? code.codePointAt(p)! : -1);
  const size = (c: number) => (c >= 0x10000 ? 2 : 1);

  /** A `\` escape at pos, as TypeScript cooks it (`decode`: invalid ones too, as in strings and a template's middle and tail). */
  const escape = (decode: boolean): string => {
    const start = pos;
    pos++;
    if (pos >= end) return '';
    const ch = at(pos++);
    switch (ch) {
      case 48:
        if (pos >= end || !isDigit(at(pos))) return '\0';
      // falls through
      case 49:
      case 50:
      case 51:
        if (pos < end && isOctal(at(pos))) pos++;
      // falls through
      case 52:
      case 53:
      case 54:
      case 55:
        if (pos < end && isOctal(at(pos))) pos++;
        return decode ? String.fromCharCode(parseInt(code.slice(start + 1, pos), 8)) : code.slice(start, pos);
      case 56:
      case 57:
        return decode ? String.fromCharCode(ch) : code.slice(start, pos);
      case 98:
        return '\b';
      case 116:
        return '\t';
      case 110:
        return '\n';
      case 118:
        return '\v';
      case 102:
        return '\f';
      case 114:
        return '\r';
      case 39:
        return "'";
      case 34:
        return '"';
      case 117: {
        if (at(pos) === 123) {
          let p = pos + 1;
          while (isHex(at(p))) p++;
          const value = p > pos + 1 ? parseInt(code.slice(pos + 1, p), 16) : -1;
          const closed = at(p) === 125;
          pos = closed ? p + 1 : p;
          return value < 0 || value > 0x10ffff || !closed ? code.slice(start, pos) : String.fromCodePoint(value);
        }
        for (; pos < start + 6; pos++) if (!(pos < end && isHex(at(pos)))) return code.slice(start, pos);
        return String.fromCharCode(parseInt(code.slice(start + 2, pos), 16));
      }
      case 120:
        for (; pos < start + 4; pos++) if (!(pos < end && isHex(at(pos)))) return code.slice(start, pos);
        return String.fromCharCode(parseInt(code.slice(start + 2, pos), 16));
      case 13:
        if (at(pos) === 10) pos++;
        return '';
      case 10:
      case 8232:
      case 8233:
        return '';
      default:
        return String.fromCharCode(ch);
    }
  };

  const string = (quote: number): string => {
    pos++;
    let result = '';
    let start = pos;
    const plain = quote === 34 ? DOUBLE_PLAIN : SINGLE_PLAIN;
    for (;;) {
      plain.lastIndex = pos;
      plain.test(code);
      pos = plain.lastIndex;
      if (pos >= end) return result + code.slice(start, pos);
      const ch = at(pos);
      if (ch === quote) {
        result += code.slice(start, pos);
        pos++;
        return result;
      }
      if (ch === 92) {
        result += code.slice(start, pos) + escape(true);
        start = pos;
        continue;
      }
      if (ch === 10 || ch === 13) return result + code.slice(start, pos);
      pos++;
    }
  };

  /** A template's part from its `` ` `` or `}`: its text, and whether a `${` ends it. */
  const template = (decode: boolean): { text: string; head: boolean } => {
    pos++;
    let text = '';
    let start = pos;
    for (;;) {
      TEMPLATE_PLAIN.lastIndex = pos;
      TEMPLATE_PLAIN.test(code);
      pos = TEMPLATE_PLAIN.lastIndex;
      if (pos >= end) return { text: text + code.slice(start, pos), head: false };
      const ch = at(pos);
      if (ch === 96) {
        text += code.slice(start, pos);
        pos++;
        return { text, head: false };
      }
      if (ch === 36 && at(pos + 1) === 123) {
        text += code.slice(start, pos);
        pos += 2;
        return { text, head: true };
      }
      if (ch === 92) {
        text += code.slice(start, pos) + escape(decode);
        start = pos;
        continue;
      }
      if (ch === 13) {
        text += code.slice(start, pos) + '\n';
        pos++;
        if (at(pos) === 10) pos++;
        start = pos;
        continue;
      }
      pos++;
    }
  };

  /** An identifier's parts from pos (with `\u` escapes), cooked. */
  const identifierParts = (): string => {
    let text = '';
    let start = pos;
    for (;;) {
      const ch = pointAt(pos);
      if (ch >= 0 && isIdPart(ch)) {
        pos += size(ch);
        continue;
      }
      if (ch === 92) {
        const escaped = unicodeEscape(pos);
        if (escaped && isIdPart(escaped.value)) {
          text += code.slice(start, pos) + String.fromCodePoint(escaped.value);
          pos = escaped.end;
          start = pos;
          continue;
        }
      }
      return text + code.slice(start, pos);
    }
  };

  /** A valid `\uXXXX` or `\u{X}` at p. */
  const unicodeEscape = (p: number): { value: number; end: number } | undefined => {
    if (at(p + 1) !== 117) return undefined;
    if (at(p + 2) === 123) {
      let q = p + 3;
      while (isHex(at(q))) q++;
      if (q === p + 3 || at(q) !== 125) return undefined;
      const value = parseInt(code.slice(p + 3, q), 16);
      return value <= 0x10ffff ? { value, end: q + 1 } : undefined;
    }
    for (let q = p + 2; q < p + 6; q++) if (!isHex(at(q))) return undefined;
    return { value: parseInt(code.slice(p + 2, p + 6), 16), end: p + 6 };
  };

  const digits = () => {
    while (isDigit(at(pos)) || at(pos) === 95) pos++;
  };
  const number = () => {
    const next = at(pos + 1) | 32;
    if (at(pos) === 48 && pos + 2 < end && (next === 120 || next === 98 || next === 111)) {
      pos += 2;
      while (isHex(at(pos)) || at(pos) === 95) pos++;
    } else {
      digits();
      if (at(pos) === 46) {
        pos++;
        digits();
      }
      if ((at(pos) | 32) === 101) {
        const sign = at(pos + 1) === 43 || at(pos + 1) === 45 ? 1 : 0;
        if (isDigit(at(pos + 1 + sign))) {
          pos += 1 + sign;
          digits();
        }
      }
    }
    if (at(pos) === 110) pos++;
  };

  /** A regular expression from its `/` at pos (TypeScript's reScanSlashToken, its recovery when unterminated too). */
  const regex = () => {
    const body = pos + 1;
    let p = body;
    let inEscape = false;
    let inClass = false;
    let unterminated = false;
    for (; ; p++) {
      const ch = at(p);
      if (ch === -1 || isLineBreak(ch)) {
        unterminated = true;
        break;
      }
      if (inEscape) inEscape = false;
      else if (ch === 47 && !inClass) break;
      else if (ch === 91) inClass = true;
      else if (ch === 92) inEscape = true;
      else if (ch === 93) inClass = false;
    }
    if (!unterminated) {
      pos = p + 1;
      for (let ch = pointAt(pos); ch !== -1 && isIdPart(ch); ch = pointAt(pos)) pos += size(ch);
      return;
    }
    const bodyEnd = p;
    p = body;
    inEscape = false;
    let classDepth = 0;
    let inQuantifier = false;
    let groups = 0;
    for (; p < bodyEnd; p++) {
      const ch = at(p);
      if (inEscape) inEscape = false;
      else if (ch === 92) inEscape = true;
      else if (ch === 91) classDepth++;
      else if (ch === 93 && classDepth) classDepth--;
      else if (!classDepth) {
        if (ch === 123) inQuantifier = true;
        else if (ch === 125 && inQuantifier) inQuantifier = false;
        else if (!inQuantifier) {
          if (ch === 40) groups++;
          else if (ch === 41 && groups) groups--;
          else if (ch === 41 || ch === 93 || ch === 125) break;
        }
      }
    }
    while (isSpace(at(p - 1)) || isLineBreak(at(p - 1)) || at(p - 1) === 59) p--;
    pos = p;
  };

  // For each open brace: whether it is a template's `${`.
  const braces: boolean[] = [];
  let valueBefore = false;
  // The last two tokens ('(' or an identifier's name, else ''), for `querySelector` `(` then a string.
  let before: string | undefined;
  let last: string | undefined;
  for (;;) {
    const ch = pointAt(pos);
    if (ch === -1) return;
    if (isSpace(ch) || isLineBreak(ch)) {
      pos += size(ch);
      continue;
    }
    if (ch === 35 && pos === 0 && at(1) === 33) {
      while (pos < end && !isLineBreak(at(pos))) pos++;
      continue;
    }
    if (ch === 47 && at(pos + 1) === 47) {
      while (pos < end && !isLineBreak(at(pos))) pos++;
      continue;
    }
    if (ch === 47 && at(pos + 1) === 42) {
      const close = code.indexOf('*/', pos + 2);
      pos = close === -1 ? end : close + 2;
      continue;
    }
    // The token: its kind for what follows (a value; '(' or an identifier's name for the queries).
    let value = false;
    let token: string | undefined;
    if (ch === 34 || ch === 39) {
      const text = string(ch);
      if (!(last === '(' && before !== undefined && QUERIES.has(before))) visit({ text, kind: 'string' });
      value = true;
    } else if (ch === 96) {
      const { text, head } = template(false);
      if (head) {
        visit({ text, kind: 'template-head' });
        braces.push(true);
      } else {
        if (!(last === '(' && before !== undefined && QUERIES.has(before))) visit({ text, kind: 'string' });
        value = true;
      }
    } else if (ch === 125) {
      if (braces.pop()) {
        const { text, head } = template(true);
        visit({ text, kind: head ? 'template-head' : 'template-tail' });
        if (head) braces.push(true);
        else value = true;
      } else {
        pos++;
        value = true;
      }
    } else if (ch === 123) {
      braces.push(false);
      pos++;
    } else if (ch === 47) {
      if (valueBefore) pos += at(pos + 1) === 61 ? 2 : 1;
      else {
        regex();
        value = true;
      }
    } else if (isDigit(ch) || (ch === 46 && isDigit(at(pos + 1)))) {
      number();
      value = true;
    } else if (isIdStart(ch) || (ch === 92 && unicodeEscape(pos) && isIdStart(unicodeEscape(pos)!.value))) {
      let name: string;
      if (ch === 92) {
        const escaped = unicodeEscape(pos)!;
        name = String.fromCodePoint(escaped.value);
        pos = escaped.end;
      } else {
        name = String.fromCodePoint(ch);
        pos += size(ch);
      }
      name += identifierParts();
      if (KEYWORDS.has(name)) value = VALUE_KEYWORDS.has(name);
      else {
        value = true;
        token = name;
      }
    } else if (ch === 35) {
      // A private name (`#x`), or `#` alone: TypeScript's PrivateIdentifier either way.
      pos++;
      const next = pointAt(pos);
      if (next !== -1 && isIdStart(next)) {
        pos += size(next);
        identifierParts();
      } else if (next === 92 && unicodeEscape(pos) && isIdStart(unicodeEscape(pos)!.value)) {
        pos = unicodeEscape(pos)!.end;
        identifierParts();
      }
      value = true;
    } else if (ch === 40) {
      pos++;
      token = '(';
    } else if (ch === 41 || ch === 93) {
      pos++;
      value = true;
    } else if ((ch === 43 || ch === 45) && at(pos + 1) === ch) {
      pos += 2;
      value = true;
    } else if (ch === 46 && at(pos + 1) === 46 && at(pos + 2) === 46) pos += 3;
    else pos += size(ch);
    before = last;
    last = token;
    valueBefore = value;
  }
}
