// The text of the site.config.ts `init --from-docusaurus` writes. Plain values are written out; what
// the Docusaurus config computes as it runs stays code, read from the Docusaurus config (imported) at
// every build: its functions (`editUrl`) and each value that is not written literally in its source (a
// copyright with `new Date().getFullYear()`, versions read from the file system, prism themes imported
// from a package). Such a value is named by its path in the Docusaurus config, found among the values
// it gave when init ran it.
import path from 'node:path';

type Obj = Record<string, unknown>;
type Key = string | number;

const isPlain = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
/** A function, or an object no JSON writes (a RegExp, a class's instance): found again by identity only. */
const byIdentity = (v: unknown): boolean => typeof v === 'function' || (typeof v === 'object' && v !== null && !Array.isArray(v) && !isPlain(v));

export function configSource(params: { config: Obj; raw: unknown; docusaurusFile: string; docusaurusSource: string }): string {
  const found = valuesOf(params.raw);
  let refs = 0;
  const computed = (s: string) => !params.docusaurusSource.includes(s) && !params.docusaurusSource.includes(JSON.stringify(s).slice(1, -1));
  const ref = (keyPath: Key[]) => {
    refs++;
    return `docusaurus${keyPath.map((k) => (typeof k === 'number' ? `[${k}]` : /^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`)).join('')}`;
  };
  /** The path in the Docusaurus config holding `value` (the same function, an equal value), the one ending most like `at`. */
  const pathOf = (value: unknown, at: Key[]): Key[] | undefined => {
    const candidates = byIdentity(value) ? found.identities.get(value) : found.byJson.get(json(value));
    if (!candidates?.length) return undefined;
    const tail = (p: Key[]) => {
      let n = 0;
      while (n < p.length && n < at.length && String(p[p.length - 1 - n]) === String(at[at.length - 1 - n])) n++;
      return n;
    };
    return [...candidates].sort((a, b) => tail(b) - tail(a))[0];
  };
  const leaves = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(leaves) : isPlain(v) ? Object.values(v).flatMap(leaves) : []);

  const write = (value: unknown, at: Key[], indent: string): string => {
    if (byIdentity(value)) {
      const p = pathOf(value, at);
      return p ? ref(p) : typeof value === 'function' ? 'undefined' : (JSON.stringify(value) ?? 'undefined');
    }
    if (typeof value === 'string') {
      const p = computed(value) ? pathOf(value, at) : undefined;
      return p ? ref(p) : JSON.stringify(value);
    }
    if (Array.isArray(value) || isPlain(value)) {
      // A whole object or list the config computed (an imported theme, a list read from files): most
      // of its strings are not in the config's source.
      const strings = leaves(value);
      const computedCount = strings.filter(computed).length;
      if (computedCount > 1 && computedCount * 2 > strings.length) {
        const p = pathOf(value, at);
        if (p) return ref(p);
      }
      const inner = `${indent}  `;
      if (Array.isArray(value)) return value.length ? `[\n${value.map((v, i) => `${inner}${write(v, [...at, i], inner)},`).join('\n')}\n${indent}]` : '[]';
      const entries = Object.entries(value).filter(([, v]) => v !== undefined);
      if (!entries.length) return '{}';
      return `{\n${entries.map(([k, v]) => `${inner}${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${write(v, [...at, k], inner)},`).join('\n')}\n${indent}}`;
    }
    return JSON.stringify(value) ?? 'undefined';
  };

  const body = write(params.config, [], '');
  const from = path.basename(params.docusaurusFile);
  const header = `// The sitegen config of this site, made by \`sitegen init --from-docusaurus\` from ${from}.\n// Options: see sitegen's README ("Configuration").\n`;
  if (!refs) return `${header}export default ${body};\n`;
  return (
    header +
    `// What ${from} computes as it runs (functions, values not written in it) is read from it at every build.\n` +
    `import docusaurusConfig from './${from}';\n\n` +
    `// eslint-disable-next-line @typescript-eslint/no-explicit-any\n` +
    `const docusaurus: any = typeof docusaurusConfig === 'function' ? await (docusaurusConfig as () => unknown)() : docusaurusConfig;\n\n` +
    `export default ${body};\n`
  );
}

/** Every function and object without JSON (by identity), and every other value by its JSON, of the Docusaurus config, with the paths it is at. */
function valuesOf(raw: unknown): { identities: Map<unknown, Key[][]>; byJson: Map<string, Key[][]> } {
  const identities = new Map<unknown, Key[][]>();
  const byJson = new Map<string, Key[][]>();
  const seen = new Set<unknown>();
  const add = <K>(map: Map<K, Key[][]>, key: K, at: Key[]) => map.set(key, [...(map.get(key) ?? []), at]);
  const visit = (v: unknown, at: Key[]) => {
    if (at.length > 12) return;
    if (byIdentity(v)) return add(identities, v, at);
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return add(byJson, json(v), at);
    if (!(Array.isArray(v) || isPlain(v)) || seen.has(v)) return;
    seen.add(v);
    const j = json(v);
    if (j) add(byJson, j, at);
    if (Array.isArray(v)) v.forEach((x, i) => visit(x, [...at, i]));
    else for (const [k, x] of Object.entries(v)) visit(x, [...at, k]);
    seen.delete(v);
  };
  visit(raw, []);
  return { identities, byJson };
}

const functionIds = new WeakMap<object, number>();
let functionCount = 0;

/** A value's JSON, each function written as its own mark: equal only for the same functions. */
function json(v: unknown): string {
  try {
    return (
      JSON.stringify(v, (_k, x: unknown) => {
        if (typeof x !== 'function') return x;
        if (!functionIds.has(x)) functionIds.set(x, ++functionCount);
        return `\u0000function ${functionIds.get(x)}`;
      }) ?? ''
    );
  } catch {
    return '';
  }
}
