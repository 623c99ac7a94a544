import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { codeStrings, QUERIES, type CodeString } from '../../../../src/builder/css/codeStrings.js';
import { repoRoot } from '../../../helpers/paths.js';

// The strings of the bundle's scripts without TypeScript (builder/css/codeStrings.ts): the same strings,
// in the same order, as TypeScript's scanner gives with the rules the pruning read scripts by before.

/** TypeScript's scanner: a `/` after a value divides, a `}` closing a template's `${` goes on with it. */
function scannedByTypeScript(code: string): CodeString[] {
  const out: CodeString[] = [];
  const K = ts.SyntaxKind;
  const valueEnds = new Set([
    K.Identifier,
    K.PrivateIdentifier,
    K.NumericLiteral,
    K.BigIntLiteral,
    K.StringLiteral,
    K.RegularExpressionLiteral,
    K.NoSubstitutionTemplateLiteral,
    K.TemplateTail,
    K.CloseParenToken,
    K.CloseBracketToken,
    K.CloseBraceToken,
    K.PlusPlusToken,
    K.MinusMinusToken,
    K.ThisKeyword,
    K.SuperKeyword,
    K.NullKeyword,
    K.TrueKeyword,
    K.FalseKeyword,
  ]);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, code);
  const braces: boolean[] = [];
  let [valueBefore, before, last, name, lastName] = [false, K.Unknown, K.Unknown, '', ''];
  for (let token = scanner.scan(); token !== K.EndOfFileToken; token = scanner.scan()) {
    if ((token === K.SlashToken || token === K.SlashEqualsToken) && !valueBefore) token = scanner.reScanSlashToken();
    if (token === K.CloseBraceToken && braces.pop()) token = scanner.reScanTemplateToken(false);
    const text = scanner.getTokenValue();
    if (token === K.StringLiteral || token === K.NoSubstitutionTemplateLiteral) {
      if (!(last === K.OpenParenToken && before === K.Identifier && QUERIES.has(name))) out.push({ text, kind: 'string' });
    } else if (token === K.TemplateTail) out.push({ text, kind: 'template-tail' });
    else if (token === K.TemplateHead || token === K.TemplateMiddle) {
      out.push({ text, kind: 'template-head' });
      braces.push(true);
    } else if (token === K.OpenBraceToken) braces.push(false);
    [before, last, name, lastName] = [last, token, lastName, token === K.Identifier ? text : ''];
    valueBefore = valueEnds.has(token);
  }
  return out;
}

const strings = (code: string) => {
  const out: CodeString[] = [];
  codeStrings(code, (s) => out.push(s));
  return out;
};

describe('code strings', () => {
  it('reads strings, template parts and escapes; skips comments, regular expressions and DOM queries', () => {
    const code = `/* "c" */x="a\\x2db"+'\\101\\8'+\`t\${y}m\${{z:\`n\${w}\`}}e\`;r=/"q"[/]/g;d=a/2/b;e.querySelector(".x");e.matches(\`.y\`);k=this/1/"s"`;
    // `m${{z:`n${w}`}}e`: the object's braces are no template's; the query's template is skipped too.
    expect(strings(code).map((s) => s.text)).toEqual(['a-b', 'A8', 't', 'm', 'n', '', 'e', 's']);
    expect(strings(code).map((s) => s.kind)).toEqual(['string', 'string', 'template-head', 'template-head', 'template-head', 'template-tail', 'template-tail', 'string']);
  });

  it('reads what TypeScript’s scanner reads: keywords that are no values, an unterminated expression', () => {
    // `of`, `as` and `undefined` are TypeScript keywords: a `/` after them starts a regular expression,
    // which runs to the line's end unterminated (then TypeScript takes back what it cannot hold).
    for (const code of ['x=a.of/2/"b"', 'y=undefined/3;"c"', 'z=as/(1);"d"\n"e"', '#p/1/"f"', 'a++/2/"g"', '1.5e+3/2/"h"', 'q=/[)]"i"\n"j"', '"k\\\ncont"', '`l\\u{zz}\\12${m}\\12`']) {
      expect(strings(code), code).toEqual(scannedByTypeScript(code));
    }
  });

  it('reads the same strings as TypeScript’s scanner in real minified and bundled scripts', () => {
    const files = [
      'react-dom/cjs/react-dom.production.min.js',
      'react-dom/cjs/react-dom-server.browser.production.min.js',
      'esbuild/lib/main.js',
      'react-dom/cjs/react-dom-server-legacy.node.production.min.js',
    ];
    for (const file of files) {
      const code = fs.readFileSync(path.join(repoRoot, 'node_modules', file), 'utf8');
      const ours = strings(code);
      expect(ours.length, file).toBeGreaterThan(100);
      expect(ours, file).toEqual(scannedByTypeScript(code));
    }
  });
});
