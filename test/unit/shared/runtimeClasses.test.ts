import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { runtimeClasses } from '../../../src/shared/runtimeClasses.js';
import { repoRoot } from '../../helpers/paths.js';

// The one list of the classes the browser runtime sets (shared/runtimeClasses.ts), which the build's
// stylesheet pruning keeps: every class a `classList` call or a `className =` of the browser code
// names must be in it.

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : /\.tsx?$/.test(e.name) ? [full] : [];
  });

/** `el.classList.add('a', 'b')`, `.toggle('a', on)`, `.replace('a', 'b')`, `el.className = 'a b'`: the classes set, with their place. */
function classesSet(file: string): { name: string; at: string }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { name: string; at: string }[] = [];
  const at = (n: ts.Node) => `${path.relative(repoRoot, file)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const words = (n: ts.Node) => (ts.isStringLiteralLike(n) ? n.text.split(/\s+/).filter(Boolean) : []);
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ts.isPropertyAccessExpression(n.expression.expression) && n.expression.expression.name.text === 'classList') {
      const args = n.expression.name.text === 'toggle' ? n.arguments.slice(0, 1) : n.arguments;
      for (const a of args) for (const name of words(a)) found.push({ name, at: at(a) });
    }
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(n.left) && n.left.name.text === 'className') {
      for (const name of words(n.right)) found.push({ name, at: at(n.right) });
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

describe('runtimeClasses', () => {
  const set = [...files(path.join(repoRoot, 'src/client')), ...files(path.join(repoRoot, 'src/theme'))].flatMap(classesSet);

  it('finds the classes the runtime sets', () => {
    expect(set.length).toBeGreaterThan(3);
  });

  it('lists every class the browser code sets with classList or className =', () => {
    const missing = set.filter((c) => !runtimeClasses.includes(c.name)).map((c) => `${c.at} .${c.name}`);
    expect(missing).toEqual([]);
  });
});
