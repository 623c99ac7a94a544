import fs from 'node:fs';
import ts from 'typescript';
import type { Problem } from '../errors.js';

// Finds every translatable string in a site's React code: <Translate id="..">message</Translate> and
// translate({ id, message }). The same pass checks the rules: plain string children only, and an id or
// a default message on every declaration; a broken rule is a build error with its file and line.

export interface ExtractedMessage {
  id: string;
  message: string;
  description?: string;
  file: string;
  line: number;
}

export function extractTranslations(files: string[]): { messages: ExtractedMessage[]; problems: Problem[] } {
  const messages: ExtractedMessage[] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/\bTranslate\b|\btranslate\s*\(/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const visit = (node: ts.Node) => {
      if ((ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) && tagName(node) === 'Translate') {
        const attrs = ts.isJsxElement(node) ? node.openingElement.attributes : node.attributes;
        const id = stringAttr(attrs, 'id');
        const description = stringAttr(attrs, 'description');
        let message: string | undefined;
        if (ts.isJsxElement(node)) {
          const parts: string[] = [];
          for (const child of node.children) {
            if (ts.isJsxText(child)) parts.push(child.text);
            else if (ts.isJsxExpression(child) && child.expression && ts.isStringLiteralLike(child.expression)) parts.push(child.expression.text);
            else if (ts.isJsxExpression(child) && !child.expression) continue;
            else problems.push({ message: '<Translate> accepts only plain string children (no elements or expressions); use `values` for dynamic parts', file, line: lineOf(child) });
          }
          const joined = parts.join('').replace(/\s+/g, ' ').trim();
          if (joined) message = joined;
        }
        if (!id && message === undefined) problems.push({ message: '<Translate> needs an id or a default message', file, line: lineOf(node) });
        else messages.push({ id: id ?? message!, message: message ?? id!, description, file, line: lineOf(node) });
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'translate') {
        const arg = node.arguments[0];
        if (!arg || !ts.isObjectLiteralExpression(arg)) {
          problems.push({ message: 'translate() takes an object literal: translate({ id: "...", message: "..." })', file, line: lineOf(node) });
        } else {
          const id = stringProp(arg, 'id');
          const message = stringProp(arg, 'message');
          const description = stringProp(arg, 'description');
          if (!id && message === undefined) problems.push({ message: 'translate() needs an id or a default message', file, line: lineOf(node) });
          else messages.push({ id: id ?? message!, message: message ?? id!, description, file, line: lineOf(node) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages, problems };
}

function tagName(node: ts.JsxElement | ts.JsxSelfClosingElement): string {
  const tag = ts.isJsxElement(node) ? node.openingElement.tagName : node.tagName;
  return tag.getText();
}

function stringAttr(attrs: ts.JsxAttributes, name: string): string | undefined {
  for (const a of attrs.properties) {
    if (ts.isJsxAttribute(a) && a.name.getText() === name && a.initializer) {
      if (ts.isStringLiteral(a.initializer)) return a.initializer.text;
      if (ts.isJsxExpression(a.initializer) && a.initializer.expression && ts.isStringLiteralLike(a.initializer.expression)) return a.initializer.expression.text;
    }
  }
  return undefined;
}

function stringProp(obj: ts.ObjectLiteralExpression, name: string): string | undefined {
  for (const p of obj.properties) {
    if (ts.isPropertyAssignment(p) && p.name.getText().replace(/['"]/g, '') === name && ts.isStringLiteralLike(p.initializer)) return p.initializer.text;
  }
  return undefined;
}
