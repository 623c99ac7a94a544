import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type ts from 'typescript';
import type { Problem } from '../errors.js';
import { storeFolder } from '../cacheFolder.js';
import { loadTypeScript } from '../typescriptModule.js';
import { fastExtract } from './fastExtract.js';

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

// The TypeScript parser takes a quarter to half a second to load (typescriptModule.ts, loadTypeScript):
// it is loaded only when a file changed since the last extraction, whose results are kept by content
// hash in sitegen's cache folder, and a build asks esbuild and acorn first (extractTranslationsAhead,
// fastExtract.ts), which answer for the files they can read exactly as TypeScript does.

interface CachedFile {
  hash: string;
  messages: ExtractedMessage[];
  problems: Problem[];
}

function cacheFile(): string {
  return storeFolder('translations.json');
}

/**
 * The cache as this process last read or wrote it, with the file's stamp then: read again only when
 * another process wrote it since (parsing it took 5-8 ms of every build of a site with React pages).
 */
let known: { stamp: string; cache: Record<string, CachedFile> } | undefined;

const stampOf = (file: string): string => {
  try {
    const s = fs.statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return 'missing';
  }
};

function readCache(): Record<string, CachedFile> {
  const stamp = stampOf(cacheFile());
  if (known?.stamp === stamp) return known.cache;
  let cache: Record<string, CachedFile> = {};
  try {
    cache = JSON.parse(fs.readFileSync(cacheFile(), 'utf8')) as Record<string, CachedFile>;
  } catch {
    // None yet, or cut short: made again.
  }
  known = { stamp, cache };
  return cache;
}

type Extracted = { messages: ExtractedMessage[]; problems: Problem[] };

const hashOf = (text: string) => crypto.createHash('sha1').update(text).digest('base64url');
/** Whether a file may hold a message: the others are not parsed. */
const mayTranslate = (text: string) => /\bTranslate\b|\btranslate\s*\(/.test(text);

/**
 * The messages and problems of the files. `ahead`: the files read already (extractTranslationsAhead),
 * by the hash of the text they were read from.
 */
export function extractTranslations(files: string[], ahead?: ReadonlyMap<string, { hash: string; result: Extracted }>): Extracted {
  // A site of markdown alone has no code to read messages from.
  if (!files.length) return { messages: [], problems: [] };
  const cache = readCache();
  let changed = false;
  const messages: ExtractedMessage[] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const hash = hashOf(text);
    const hit = cache[file];
    if (hit && hit.hash === hash) {
      messages.push(...hit.messages);
      problems.push(...hit.problems);
      continue;
    }
    const read = ahead?.get(file);
    const result = read?.hash === hash ? read.result : extractFile(file, text);
    cache[file] = { hash, ...result };
    changed = true;
    messages.push(...result.messages);
    problems.push(...result.problems);
  }
  if (changed) {
    try {
      // Files gone since (the temporary sites of tests, a renamed page) are left out: the cache does not grow for good.
      for (const file of Object.keys(cache)) if (!fs.existsSync(file)) delete cache[file];
      fs.mkdirSync(path.dirname(cacheFile()), { recursive: true });
      const tmp = `${cacheFile()}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(cache));
      fs.renameSync(tmp, cacheFile());
      known = { stamp: stampOf(cacheFile()), cache };
    } catch {
      // A cache that cannot be written only costs time.
    }
  }
  return { messages, problems };
}

/**
 * As extractTranslations, the files its cache misses read first, all at once, without TypeScript
 * where that can be sure (fastExtract.ts: esbuild and acorn); TypeScript reads the others. A build
 * starts it as it starts parsing, and waits for it as it plans the site.
 */
export async function extractTranslationsAhead(files: string[]): Promise<Extracted> {
  if (!files.length) return { messages: [], problems: [] };
  const cache = readCache();
  const ahead = new Map<string, { hash: string; result: Extracted }>();
  await Promise.all(
    files.map(async (file) => {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch {
        // Reported by extractTranslations, as before.
        return;
      }
      const hash = hashOf(text);
      if (cache[file]?.hash === hash || !mayTranslate(text)) return;
      const messages = await fastExtract(file, text);
      if (messages) ahead.set(file, { hash, result: { messages, problems: [] } });
    }),
  );
  return extractTranslations(files, ahead);
}

/** A file's messages and problems read by TypeScript's parser. */
export function extractFile(file: string, text: string): Extracted {
  const messages: ExtractedMessage[] = [];
  const problems: Problem[] = [];
  if (mayTranslate(text)) {
    const ts = loadTypeScript();
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
  const tag = loadTypeScript().isJsxElement(node) ? node.openingElement.tagName : node.tagName;
  return tag.getText();
}

function stringAttr(attrs: ts.JsxAttributes, name: string): string | undefined {
  for (const a of attrs.properties) {
    if (loadTypeScript().isJsxAttribute(a) && a.name.getText() === name && a.initializer) {
      if (loadTypeScript().isStringLiteral(a.initializer)) return a.initializer.text;
      if (loadTypeScript().isJsxExpression(a.initializer) && a.initializer.expression && loadTypeScript().isStringLiteralLike(a.initializer.expression)) return a.initializer.expression.text;
    }
  }
  return undefined;
}

function stringProp(obj: ts.ObjectLiteralExpression, name: string): string | undefined {
  for (const p of obj.properties) {
    if (loadTypeScript().isPropertyAssignment(p) && p.name.getText().replace(/['"]/g, '') === name && loadTypeScript().isStringLiteralLike(p.initializer)) return p.initializer.text;
  }
  return undefined;
}
