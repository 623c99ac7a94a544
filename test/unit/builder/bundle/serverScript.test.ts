import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheFolder } from '../../../../src/builder/cacheFolder.js';
import { makeServerScript } from '../../../../src/builder/bundle/serverScript.js';
import { loadServerModule, loadServerRenderer, serverScriptFile } from '../../../../src/builder/bundle/serverRenderer.js';
import { REQUIRE_BANNER } from '../../../../src/builder/bundle/requireCommonJs.js';
import { ASCII_MARK } from '../../../../bin/bundleText.js';

// The server bundle run as a script (serverScript.ts, serverRenderer.ts): the same exports as the
// ES module, its top-level await awaited, an error's stack in the bundle's own lines, and a bundle it
// cannot read left an ES module. The bundles are small stand-ins written as esbuild writes the server
// bundle (server.ts: the banner, imports, a CommonJS package required, one export clause at the end).

const made: string[] = [];
const THROW_LINE = 9;
const bundle = (extra = '') =>
  [
    REQUIRE_BANNER,
    'import { toHtml } from "hast-util-to-html";',
    'import * as path from "node:path";',
    'var React = require("react");',
    'let ready = "no";',
    'await Promise.resolve().then(() => { ready = "yes"; });',
    'function renderApp(state) {',
    '  if (!state.text)',
    '    throw new Error("the page threw");',
    '  return toHtml({ type: "element", tagName: "p", properties: {}, children: [{ type: "text", value: state.text }] }) + path.posix.sep + typeof React.createElement + ready;',
    '}',
    'var modules = { a: { default: renderApp } };',
    extra,
    'export {',
    '  modules,',
    '  renderApp as renderApp',
    '};',
  ].join('\n');

function write(name: string, text: string): string {
  const file = path.join(cacheFolder(), `server-test-${process.pid}-${name}.mjs`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  made.push(file, serverScriptFile(file), `${serverScriptFile(file)}.none`);
  return file;
}

afterAll(() => {
  for (const f of made) fs.rmSync(f, { force: true });
});

describe('the server bundle as a script', () => {
  it('has the exports of the ES module, after its top-level await', async () => {
    const file = write('same', bundle());
    await makeServerScript(file);
    expect(fs.existsSync(serverScriptFile(file))).toBe(true);
    const { mod, script } = await loadServerModule(file);
    expect(script).toBeDefined();
    const esm = (await import(pathToFileURL(file).href)) as typeof mod;
    const state = { text: 'a < b' } as never;
    expect(mod.renderApp(state, {}, {}, [])).toBe('<p>a &#x3C; b</p>/functionyes');
    expect(mod.renderApp(state, {}, {}, [])).toBe(esm.renderApp(state, {}, {}, []));
    expect(Object.keys(mod.modules)).toEqual(['a']);
  });

  it('reports an error thrown while rendering at the bundle’s own line and column', async () => {
    const file = write('throws', bundle());
    await makeServerScript(file);
    const renderer = await loadServerRenderer({ file, pageKeys: ['a'] });
    const thrown = (() => {
      try {
        renderer.render({ text: '' } as never, {}, []);
      } catch (e) {
        return e as Error;
      }
    })();
    const esm = (await import(pathToFileURL(file).href)) as { renderApp: (s: unknown) => string };
    const esmThrown = (() => {
      try {
        esm.renderApp({ text: '' });
      } catch (e) {
        return e as Error;
      }
    })();
    const at = (e: Error | undefined) => new RegExp(`${pathToFileURL(file).href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):(\\d+)`).exec(e?.stack ?? '')?.slice(1);
    expect(at(thrown)).toEqual([String(THROW_LINE), '11']);
    expect(at(thrown)).toEqual(at(esmThrown));
  });

  it('is written in ASCII, its comments and patterns escaped, and runs as the ES module does', async () => {
    // esbuild writes the strings' characters beyond ASCII as escapes, not those of comments and patterns.
    const file = write('ascii', bundle('// “quoted” → 吗\nmodules.b = { default: (s) => /[吗呢]$/.test(s) + "\\u5417" };'));
    await makeServerScript(file);
    const text = fs.readFileSync(serverScriptFile(file), 'latin1');
    expect(/[^\x00-\x7f]/.test(text)).toBe(false);
    expect(text.endsWith(ASCII_MARK)).toBe(true);
    const { mod, script } = await loadServerModule(file);
    expect(script).toBeDefined();
    const esm = (await import(pathToFileURL(file).href)) as typeof mod;
    const ask = (m: typeof mod, s: string) => (m.modules.b.default as (s: string) => string)(s);
    expect([ask(mod, '好吗'), ask(mod, '好')]).toEqual(['true吗', 'false吗']);
    expect([ask(esm, '好吗'), ask(esm, '好')]).toEqual(['true吗', 'false吗']);
    expect(mod.renderApp({ text: 'é 吗' } as never, {}, {}, [])).toBe('<p>é 吗</p>/functionyes');
  });

  it('bundles what it reads of a namespace by name, and a namespace used otherwise whole', async () => {
    // zod/mini's namespace holds its 40 locales; a bundle that reads z.string() needs none of them.
    const withZod = (extra: string) =>
      bundle(`${extra}\nmodules.z = { default: (s) => z.string().check(z.minLength(2)).safeParse(s).success };`).replace('import * as path', 'import * as z from "zod/mini";\nimport * as path');
    const byName = write('by-name', withZod(''));
    const whole = write('whole', withZod('var namespace = z;'));
    await makeServerScript(byName);
    await makeServerScript(whole);
    const locales = (file: string) => fs.readFileSync(serverScriptFile(file), 'latin1').includes('zod/v4/locales/');
    expect([locales(byName), locales(whole)]).toEqual([false, true]);
    for (const file of [byName, whole]) {
      const { mod, script } = await loadServerModule(file);
      expect(script).toBeDefined();
      const valid = mod.modules.z.default as (s: string) => boolean;
      expect([valid('ok'), valid('x')]).toEqual([true, false]);
      expect(mod.renderApp({ text: 'x' } as never, {}, {}, [])).toBe('<p>x</p>/functionyes');
    }
  });

  it('leaves a bundle it cannot read as an ES module: imported as before', async () => {
    const file = write('refused', bundle('export default modules;'));
    await makeServerScript(file);
    expect(fs.existsSync(serverScriptFile(file))).toBe(false);
    expect(fs.existsSync(`${serverScriptFile(file)}.none`)).toBe(true);
    const { mod, script } = await loadServerModule(file);
    expect(script).toBeUndefined();
    expect(mod.renderApp({ text: 'x' } as never, {}, {}, [])).toBe('<p>x</p>/functionyes');
  });

  it('leaves a bundle that imports a CommonJS package as an ES module (its prelude would be a second instance of it)', async () => {
    const file = write('commonjs', bundle('modules.l = { default: () => typeof lunr };').replace('import * as path', 'import lunr from "lunr";\nimport * as path'));
    await makeServerScript(file);
    expect(fs.existsSync(serverScriptFile(file))).toBe(false);
    expect(fs.existsSync(`${serverScriptFile(file)}.none`)).toBe(true);
    const { mod, script } = await loadServerModule(file);
    expect(script).toBeUndefined();
    expect((mod.modules.l.default as () => string)()).toBe('function');
  });

  it('leaves a bundle with an import() as an ES module, but not one with the word in a string or a pattern', async () => {
    const later = write('later', bundle('var later = () => import("node:os");'));
    const word = write('word', bundle('var word = ["import(", /import(?:x)/];'));
    await makeServerScript(later);
    await makeServerScript(word);
    expect([fs.existsSync(serverScriptFile(later)), fs.existsSync(serverScriptFile(word))]).toEqual([false, true]);
  });
});
