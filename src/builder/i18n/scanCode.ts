// The <Translate> elements and translate() calls of esbuild's output (fastExtract.ts: a page file with
// its types stripped), found without parsing it. acorn's parse of Shifu's 27 page files was ~70 of
// fastExtract's ~115 ms of CPU in a cold build, nearly all of it its tokenizer, still cold: this scan
// steps from one character that matters to the next with regular expressions (strings, templates,
// comments, regular expressions, brackets, JSX tags and text) and reads the two forms it knows into
// acorn's shapes (the fields fastExtract.ts reads of them).
// It must find exactly the nodes acorn would find. Wherever it cannot be sure of that it gives up
// (undefined) and acorn parses the file: a `/` or `<` after a `}`, a comment or a word that may or may
// not be a keyword; an escape or another alphabet's letter next to a name; a decorator; a call or an
// element it does not know how to read.

/** A node in acorn's shape, with the fields fastExtract.ts reads (ESTree's, acorn-jsx's). */
export type Shaped = { type: string; start: number; end: number } & Record<string, unknown>;

/** A translate() call's first argument as written: its properties (keys and string values) and what follows it. */
export interface CallRead {
  props: { key: string; quotedKey: boolean; value: string; template: boolean }[];
  /** `,` (more arguments) or `)`. */
  next: string;
}

export interface Found {
  /** A JSXElement named Translate, or a CallExpression of `translate`. */
  node: Shaped;
  /** The call's reading, to compare with the original's (readCall); none for an element. */
  call?: CallRead;
}

// Blanks between tokens, comments included; strings without escapes (their value is their text); a template without substitutions or escapes.
const WS = String.raw`(?:\s|//[^\n\r\u2028\u2029]*|/\*[\s\S]*?\*/)*`;
const STRING = String.raw`"([^"\\\n\r]*)"|'([^'\\\n\r]*)'`;
const TEMPLATE = String.raw`\x60([^\x60\\$]*)\x60`;

// In code: what needs a look (quotes, `/`, `<`, brackets, an escape or a decorator, the word translate).
const STOP = /['"`/<{}()\\@]|(?<![\w$])translate(?![\w$])/g;
const QUOTED = /"(?:[^"\\\n\r]|\\(?:\r\n|[\s\S]))*"|'(?:[^'\\\n\r]|\\(?:\r\n|[\s\S]))*'/y;
const TEMPLATE_TEXT = /(?:[^`\\$]|\\[\s\S]|\$(?!\{))*/y;
const REGEXP = /\/(?:[^\\/[\n\r\u2028\u2029]|\\[^\n\r\u2028\u2029]|\[(?:[^\]\\\n\r\u2028\u2029]|\\[^\n\r\u2028\u2029])*\])+\/[\w$]*/y;
const LINE_COMMENT = /\/\/[^\n\r\u2028\u2029]*/y;
// In JSX (names ASCII only: another alphabet's letter right after one gives up).
const JSX_SPACE = /\s*/y;
const TAG_NAME = /[A-Za-z_$][\w$-]*(?:[.:][A-Za-z_$][\w$-]*)*/y;
const ATTR_NAME = /[A-Za-z_$][\w$-]*(?::[A-Za-z_$][\w$-]*)?/y;
const ATTR_STRING = /"[^"]*"|'[^']*'/y;
const TEXT = /[^<{>}]*/y;
const CLOSING = /<\s*\/\s*([A-Za-z_$][\w$-]*(?:[.:][A-Za-z_$][\w$-]*)*)?\s*>/y;
// `{}` (comments only) or `{"text"}` in JSX: an empty expression, or a string.
const PLAIN_HOLE = new RegExp(String.raw`\{${WS}(?:${STRING}|${TEMPLATE})?${WS}\}`, 'y');
// translate({ key: "value", ... }) up to what follows the object.
const CALL_HEAD = new RegExp(String.raw`translate${WS}\(${WS}\{`, 'y');
const CALL_PROP = new RegExp(String.raw`${WS}(?:([A-Za-z_$][\w$]*)|${STRING})${WS}:${WS}(?:${STRING}|${TEMPLATE})${WS}(,?)`, 'y');
const CALL_END = new RegExp(String.raw`${WS}\}${WS}([,)])`, 'y');

// What the scan is in: code, a template's text, a JSX tag's attributes, a JSX element's children.
const CODE = 0;
const TEMPLATE_MODE = 1;
const TAG = 2;
const CHILDREN = 3;
// What an open bracket is: `{`, `(` (after if/while/for/with: what follows its `)` starts an
// expression; after await, `for await (`: unsure), `${`, `{` of a JSX attribute or child, an element's children.
const BRACE = 0;
const PAREN = 1;
const KEYWORD_PAREN = 2;
const UNSURE_PAREN = 3;
const HOLE = 4;
const ATTR_HOLE = 5;
const CHILD_HOLE = 6;
const ELEMENT = 7;
// What the token before a `/` or `<` is: a value (then they are operators), an operator or keyword (an expression starts), or unsure.
const VALUE = 0;
const EXPRESSION = 1;
const UNSURE = 2;

/** Words after which an expression starts (module code: await and yield are keywords). */
const BEFORE_EXPRESSION = new Set(['return', 'typeof', 'void', 'delete', 'throw', 'case', 'in', 'instanceof', 'new', 'else', 'do', 'extends', 'default', 'yield', 'await']);
const VALUE_WORDS = new Set(['this', 'super', 'null', 'true', 'false']);
/** Other keywords and words that are keywords somewhere: unsure. */
const OTHER_WORDS = new Set(
  'break catch class const continue debugger enum export finally for function if import let static switch try var while with of async get set as from implements interface package private protected public'.split(' '),
);

/** Words before a name that make `name(` no call: new, a declaration, a method's modifiers. */
const DECLARING = new Set(['new', 'function', 'class', 'get', 'set', 'static', 'async', 'let', 'const', 'var']);

interface Element {
  start: number;
  name: string;
  /** Only a Translate's are kept. */
  keep: boolean;
  attributes: Shaped[];
  children: Shaped[];
}

const isWordCode = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
const isSpaceCode = (c: number) => c === 32 || (c >= 9 && c <= 13);

/** The Translate elements and translate calls of `code` (esbuild's output), or undefined when acorn must tell. */
export function scanTranslations(code: string): Found[] | undefined {
  const found: Found[] = [];
  const kinds: number[] = [];
  const holders: (Element | undefined)[] = [];
  let mode = CODE;
  let element: Element | undefined;
  // Where the last string, template, regular expression or element ended, the last `)` (and its kind), the last comment.
  let unitEnd = -1;
  let parenEnd = -1;
  let parenKind = PAREN;
  let commentEnd = -1;
  let word = '';
  let pos = 0;

  /** Whether the word translate at `at` is called as the function (true), is something else (false), or may be a call acorn must tell (undefined). */
  const isCall = (at: number): boolean | undefined => {
    const end = at + 9;
    if ([code.charCodeAt(at - 1), code.charCodeAt(end)].some((c) => c === 92 || c >= 128)) return undefined;
    let p = at - 1;
    while (p >= 0 && isSpaceCode(code.charCodeAt(p))) p--;
    if (commentEnd > p) return undefined;
    // A property (`.translate(`, `?.translate(`, `#translate(`) is not the function; a spread one (`...translate(`) is.
    const previous = code.charCodeAt(p);
    if ((previous === 46 && !code.startsWith('...', p - 2)) || previous === 35) return false;
    if (code.charCodeAt(end) !== 40 /* ( */) {
      // Not a call (`translate;`, a tagged template), unless written `translate (` or `translate?.(`.
      let q = end;
      while (isSpaceCode(code.charCodeAt(q))) q++;
      if (code.charCodeAt(q) === 40 || code.charCodeAt(q) === 63) return undefined;
      return false;
    }
    // `new translate(`, `function translate(`, a method: not calls (acorn tells them).
    if (isWordCode(previous)) {
      let s = p;
      while (s > 0 && isWordCode(code.charCodeAt(s - 1))) s--;
      if (DECLARING.has(code.slice(s, p + 1))) return undefined;
    }
    return true;
  };
  const push = (kind: number, holder?: Element) => {
    kinds.push(kind);
    holders.push(holder);
  };
  /** The token before `at`, in code: VALUE, EXPRESSION or UNSURE; `word` is set to it when it is a word (not a property's name). */
  const before = (at: number): number => {
    word = '';
    let p = at - 1;
    while (p >= 0 && isSpaceCode(code.charCodeAt(p))) p--;
    if (commentEnd > p) return UNSURE;
    if (p < 0) return EXPRESSION;
    if (p + 1 === unitEnd) return VALUE;
    if (p + 1 === parenEnd) return parenKind === PAREN ? VALUE : parenKind === KEYWORD_PAREN ? EXPRESSION : UNSURE;
    const c = code.charCodeAt(p);
    if (isWordCode(c)) {
      let s = p;
      while (s > 0 && isWordCode(code.charCodeAt(s - 1))) s--;
      const previous = s > 0 ? code.charCodeAt(s - 1) : 32;
      if (previous === 92 || previous >= 128) return UNSURE;
      const first = code.charCodeAt(s);
      // A number, a property's or a private name.
      if ((first >= 48 && first <= 57) || (previous === 46 && !code.startsWith('...', s - 3)) || previous === 35) return VALUE;
      word = code.slice(s, p + 1);
      if (BEFORE_EXPRESSION.has(word)) return EXPRESSION;
      if (VALUE_WORDS.has(word)) return VALUE;
      return OTHER_WORDS.has(word) ? UNSURE : VALUE;
    }
    if (c === 93 /* ] */) return VALUE;
    if (c === 43 || c === 45) return code.charCodeAt(p - 1) === c ? UNSURE : EXPRESSION;
    // ( [ { , ; : = ! ? & | ^ ~ % < > *
    return '([{,;:=!?&|^~%<>*'.includes(code[p]) ? EXPRESSION : UNSURE;
  };
  /** Opens the element whose `<` is at `at`; false when it cannot be read. */
  const open = (at: number): boolean => {
    JSX_SPACE.lastIndex = at + 1;
    JSX_SPACE.exec(code);
    let i = JSX_SPACE.lastIndex;
    let name = '';
    if (code.charCodeAt(i) !== 62 /* > */) {
      TAG_NAME.lastIndex = i;
      const m = TAG_NAME.exec(code);
      if (!m) return false;
      name = m[0];
      i = TAG_NAME.lastIndex;
      const next = code.charCodeAt(i);
      if (next === 92 || next >= 128) return false;
    }
    element = { start: at, name, keep: name === 'Translate', attributes: [], children: [] };
    if (name === '') {
      push(ELEMENT, element);
      mode = CHILDREN;
      pos = i + 1;
    } else {
      mode = TAG;
      pos = i;
    }
    return true;
  };
  /** The element ends at `end`: kept if a Translate, and the scan goes back to what holds it. */
  const close = (e: Element, end: number, selfClosing: boolean) => {
    if (e.keep) {
      const openingElement = { type: 'JSXOpeningElement', start: e.start, end, name: { type: 'JSXIdentifier', name: e.name }, attributes: e.attributes, selfClosing };
      found.push({ node: { type: 'JSXElement', start: e.start, end, openingElement, children: e.children } });
    }
    if (kinds[kinds.length - 1] === ELEMENT) {
      element = holders[holders.length - 1];
      mode = CHILDREN;
    } else {
      element = undefined;
      mode = CODE;
      unitEnd = end;
    }
    pos = end;
  };

  if (code.startsWith('#!')) return undefined;
  for (;;) {
    if (mode === CODE) {
      STOP.lastIndex = pos;
      const m = STOP.exec(code);
      if (!m) return kinds.length === 0 ? found : undefined;
      const i = m.index;
      const c = code.charCodeAt(i);
      if (c === 34 || c === 39 /* " ' */) {
        QUOTED.lastIndex = i;
        if (!QUOTED.test(code)) return undefined;
        pos = unitEnd = QUOTED.lastIndex;
      } else if (c === 96 /* ` */) {
        mode = TEMPLATE_MODE;
        pos = i + 1;
      } else if (c === 47 /* / */) {
        const next = code.charCodeAt(i + 1);
        if (next === 47) {
          LINE_COMMENT.lastIndex = i;
          LINE_COMMENT.test(code);
          pos = commentEnd = LINE_COMMENT.lastIndex;
        } else if (next === 42 /* * */) {
          const end = code.indexOf('*/', i + 2);
          if (end < 0) return undefined;
          pos = commentEnd = end + 2;
        } else {
          const kind = before(i);
          if (kind === UNSURE) return undefined;
          if (kind === VALUE) pos = i + 1;
          else {
            REGEXP.lastIndex = i;
            if (!REGEXP.test(code)) return undefined;
            pos = unitEnd = REGEXP.lastIndex;
            const after = code.charCodeAt(pos);
            if (after === 92 || after >= 128) return undefined;
          }
        }
      } else if (c === 60 /* < */) {
        const kind = before(i);
        if (kind === UNSURE) return undefined;
        // An operator (`<<` at once: its second `<` is no element).
        if (kind === VALUE) pos = code.charCodeAt(i + 1) === 60 ? i + 2 : i + 1;
        else if (!open(i)) return undefined;
      } else if (c === 123 /* { */) {
        push(BRACE);
        pos = i + 1;
      } else if (c === 125 /* } */) {
        const kind = kinds.pop();
        const holder = holders.pop();
        pos = i + 1;
        if (kind === HOLE) mode = TEMPLATE_MODE;
        else if (kind === ATTR_HOLE) {
          mode = TAG;
          element = holder;
        } else if (kind === CHILD_HOLE) {
          mode = CHILDREN;
          element = holder;
        } else if (kind !== BRACE) return undefined;
      } else if (c === 40 /* ( */) {
        const kind = before(i);
        push(word === 'if' || word === 'while' || word === 'for' || word === 'with' ? KEYWORD_PAREN : kind === UNSURE || word === 'await' ? UNSURE_PAREN : PAREN);
        pos = i + 1;
      } else if (c === 41 /* ) */) {
        const kind = kinds.pop();
        holders.pop();
        if (kind !== PAREN && kind !== KEYWORD_PAREN && kind !== UNSURE_PAREN) return undefined;
        parenKind = kind;
        pos = parenEnd = i + 1;
      } else if (c === 116 /* translate */) {
        pos = i + 9;
        const called = isCall(i);
        if (called === undefined) return undefined;
        if (!called) continue;
        const call = readCall(code, i);
        if (!call) return undefined;
        found.push({ node: callNode(i, call), call: call.read });
      } else {
        // An escape in a name, a decorator.
        return undefined;
      }
    } else if (mode === TEMPLATE_MODE) {
      TEMPLATE_TEXT.lastIndex = pos;
      TEMPLATE_TEXT.test(code);
      const i = TEMPLATE_TEXT.lastIndex;
      const c = code.charCodeAt(i);
      if (c === 96) {
        mode = CODE;
        pos = unitEnd = i + 1;
      } else if (c === 36 /* ${ */) {
        push(HOLE);
        mode = CODE;
        pos = i + 2;
      } else return undefined;
    } else if (mode === TAG) {
      const e = element!;
      JSX_SPACE.lastIndex = pos;
      JSX_SPACE.exec(code);
      const i = JSX_SPACE.lastIndex;
      const c = code.charCodeAt(i);
      if (c === 47 /* / */) {
        if (code.charCodeAt(i + 1) !== 62) return undefined;
        close(e, i + 2, true);
      } else if (c === 62 /* > */) {
        push(ELEMENT, e);
        mode = CHILDREN;
        pos = i + 1;
      } else if (c === 123 /* {...spread} */) {
        if (e.keep) e.attributes.push({ type: 'JSXSpreadAttribute', start: i, end: i });
        push(ATTR_HOLE, e);
        mode = CODE;
        pos = i + 1;
      } else {
        ATTR_NAME.lastIndex = i;
        const m = ATTR_NAME.exec(code);
        if (!m) return undefined;
        const name = m[0];
        let j = ATTR_NAME.lastIndex;
        if (code.charCodeAt(j) === 92 || code.charCodeAt(j) >= 128) return undefined;
        JSX_SPACE.lastIndex = j;
        JSX_SPACE.exec(code);
        let value: Shaped | null = null;
        if (code.charCodeAt(JSX_SPACE.lastIndex) === 61 /* = */) {
          JSX_SPACE.lastIndex++;
          JSX_SPACE.exec(code);
          j = JSX_SPACE.lastIndex;
          const v = code.charCodeAt(j);
          if (v === 34 || v === 39) {
            ATTR_STRING.lastIndex = j;
            if (!ATTR_STRING.test(code)) return undefined;
            const raw = code.slice(j, ATTR_STRING.lastIndex);
            value = { type: 'Literal', start: j, end: ATTR_STRING.lastIndex, value: raw.slice(1, -1), raw };
            j = ATTR_STRING.lastIndex;
          } else if (v === 123) {
            const hole = plainHole(code, j);
            // `={}`: acorn's error.
            if (hole && !hole.expression) return undefined;
            value = { type: 'JSXExpressionContainer', start: j, end: j, expression: hole?.expression ?? { type: 'Other' } };
            if (hole) j = hole.end;
            else {
              push(ATTR_HOLE, e);
              mode = CODE;
              j++;
            }
          } else return undefined;
        } else j = JSX_SPACE.lastIndex;
        if (e.keep) e.attributes.push({ type: 'JSXAttribute', start: i, end: j, name: { type: name.includes(':') ? 'JSXNamespacedName' : 'JSXIdentifier', name }, value });
        pos = j;
      }
    } else {
      const e = element!;
      TEXT.lastIndex = pos;
      TEXT.test(code);
      const i = TEXT.lastIndex;
      if (i > pos && e.keep) e.children.push({ type: 'JSXText', start: pos, end: i, raw: code.slice(pos, i) });
      const c = code.charCodeAt(i);
      if (c === 123 /* { */) {
        const hole = plainHole(code, i);
        if (e.keep) e.children.push({ type: 'JSXExpressionContainer', start: i, end: i, expression: hole ? (hole.expression ?? { type: 'JSXEmptyExpression' }) : { type: 'Other' } });
        if (hole) pos = hole.end;
        else {
          push(CHILD_HOLE, e);
          mode = CODE;
          pos = i + 1;
        }
      } else if (c === 60 /* < */) {
        CLOSING.lastIndex = i;
        const m = CLOSING.exec(code);
        if (m) {
          if ((m[1] ?? '') !== e.name) return undefined;
          kinds.pop();
          holders.pop();
          close(e, CLOSING.lastIndex, false);
        } else {
          if (e.keep) e.children.push({ type: 'JSXElement', start: i, end: i });
          if (!open(i)) return undefined;
        }
      } else return undefined;
    }
  }
}

/**
 * The JSX expression `{...}` at `at` when it is plain (a string, or comments only: no expression),
 * with where it ends; undefined when it holds other code.
 */
function plainHole(code: string, at: number): { expression: Shaped | undefined; end: number } | undefined {
  PLAIN_HOLE.lastIndex = at;
  const m = PLAIN_HOLE.exec(code);
  if (!m) return undefined;
  const end = PLAIN_HOLE.lastIndex;
  if (m[1] !== undefined || m[2] !== undefined) return { expression: { type: 'Literal', start: at, end, value: m[1] ?? m[2] }, end };
  return { expression: m[3] === undefined ? undefined : templateNode(m[3]), end };
}

/** A template without substitutions: its cooked value is its text, line ends as \n. */
function templateNode(text: string): Shaped {
  return { type: 'TemplateLiteral', start: 0, end: 0, expressions: [], quasis: [{ type: 'TemplateElement', value: { cooked: text.replace(/\r\n?/g, '\n') } }] };
}

/**
 * `translate({ key: "value", ... })` at `at` (in esbuild's output or the original text), read up to
 * what follows the object (`,` or `)`); undefined for any other form. The keys are names or strings,
 * the values strings or templates, without escapes; blanks may hold comments.
 */
export function readCall(input: string, at: number): { read: CallRead; end: number } | undefined {
  CALL_HEAD.lastIndex = at;
  if (!CALL_HEAD.test(input)) return undefined;
  let i = CALL_HEAD.lastIndex;
  const props: CallRead['props'] = [];
  for (;;) {
    CALL_END.lastIndex = i;
    const end = CALL_END.exec(input);
    if (end) return { read: { props, next: end[1] }, end: CALL_END.lastIndex };
    CALL_PROP.lastIndex = i;
    const m = CALL_PROP.exec(input);
    if (!m) return undefined;
    const template = m[6] !== undefined;
    props.push({ key: m[1] ?? m[2] ?? m[3], quotedKey: m[1] === undefined, value: template ? m[6].replace(/\r\n?/g, '\n') : (m[4] ?? m[5]), template });
    i = CALL_PROP.lastIndex;
    // Without a comma, the object must end.
    if (m[7] === '') {
      CALL_END.lastIndex = i;
      const last = CALL_END.exec(input);
      return last ? { read: { props, next: last[1] }, end: CALL_END.lastIndex } : undefined;
    }
  }
}

/** Whether two readings are the same tokens (quotes aside, which change no value). */
export function sameCall(a: CallRead, b: CallRead): boolean {
  return a.next === b.next && a.props.length === b.props.length && a.props.every((p, i) => p.key === b.props[i].key && p.quotedKey === b.props[i].quotedKey && p.value === b.props[i].value && p.template === b.props[i].template);
}

function callNode(start: number, call: { read: CallRead; end: number }): Shaped {
  const properties = call.read.props.map((p) => ({
    type: 'Property',
    kind: 'init',
    method: false,
    shorthand: false,
    computed: false,
    key: p.quotedKey ? { type: 'Literal', value: p.key } : { type: 'Identifier', name: p.key },
    value: p.template ? templateNode(p.value) : { type: 'Literal', value: p.value },
  }));
  return { type: 'CallExpression', start, end: call.end, callee: { type: 'Identifier', name: 'translate' }, arguments: [{ type: 'ObjectExpression', properties }] };
}
