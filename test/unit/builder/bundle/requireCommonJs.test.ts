import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { REQUIRE_BANNER, requireCommonJs } from '../../../../src/builder/bundle/requireCommonJs.js';
import { packageRoot } from '../../../../src/builder/paths.js';

// The server renderer leaves sitegen's packages to Node: the CommonJS ones are required (no scan of
// their source in each thread that loads the bundle), the ES module ones stay imports, and what is
// required is the same module instance an import of it gives.

const root = packageRoot();

async function bundle(contents: string): Promise<string> {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    external: ['react', 'lodash-es', 'commander'],
    plugins: [requireCommonJs({ packages: ['react', 'lodash-es', 'commander'], root })],
    banner: { js: REQUIRE_BANNER },
  });
  return result.outputFiles[0].text;
}

/** The plugin with the paths esbuild asked it about pushed to `asked`. */
function asking(plugin: esbuild.Plugin, asked: string[]): esbuild.Plugin {
  return {
    ...plugin,
    setup: (build) =>
      plugin.setup({
        ...build,
        onResolve: (options, callback) =>
          build.onResolve(options, (args) => {
            if (args.namespace !== 'sitegen-require') asked.push(args.path);
            return callback(args);
          }),
      }),
  };
}

describe('requireCommonJs', () => {
  it('requires a CommonJS package (and its subpaths) and leaves an ES module package an import', async () => {
    const code = await bundle(`import { useState } from 'react'; import { jsx } from 'react/jsx-runtime'; import kebabCase from 'lodash-es/kebabCase.js'; export { useState, jsx, kebabCase };`);
    expect(code).toContain('__require("react")');
    expect(code).toContain('__require("react/jsx-runtime")');
    expect(code).not.toMatch(/from "react"/);
    expect(code).toMatch(/import \w+ from "lodash-es\/kebabCase\.js"/);
  });

  it('leaves a package that ships both forms (an `import` condition) an import: one instance with code that imports it', async () => {
    const code = await bundle(`import { Command } from 'commander'; export { Command };`);
    expect(code).toMatch(/import \{ Command \} from "commander"/);
    expect(code).not.toContain('__require("commander")');
  });

  it('asks nothing about the packages whose manifest says they are ES modules: they stay imports', async () => {
    const packages = ['react', 'react-dom', 'lodash-es', 'hast-util-to-html', 'refractor', 'zod'];
    const asked: string[] = [];
    const result = await esbuild.build({
      stdin: {
        contents: `import { renderToString } from 'react-dom/server'; import { toHtml } from 'hast-util-to-html'; import { refractor } from 'refractor/core'; import * as z from 'zod/mini'; import kebabCase from 'lodash-es/kebabCase.js'; export { renderToString, toHtml, refractor, z, kebabCase };`,
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      external: packages,
      plugins: [asking(requireCommonJs({ packages, root }), asked)],
      banner: { js: REQUIRE_BANNER },
    });
    const code = result.outputFiles[0].text;
    expect(code).toContain('__require("react-dom/server")');
    for (const name of ['hast-util-to-html', 'refractor/core', 'zod/mini', 'lodash-es/kebabCase.js']) expect(code).toContain(`from "${name}"`);
    expect(asked).toEqual(['react-dom/server']);
  });

  it('gives the same React as an import of it, with its named exports', async () => {
    const code = await bundle(`import * as React from 'react'; import { createElement } from 'react'; export { React, createElement };`);
    // Written where the server renderer is (sitegen's cache folder), so that its requires resolve from sitegen.
    const dir = fs.mkdtempSync(path.join(root, 'node_modules', '.cache', 'require-test-'));
    try {
      const file = path.join(dir, 'bundle.mjs');
      fs.writeFileSync(file, code);
      const bundled = (await import(pathToFileURL(file).href)) as { React: { createElement: unknown }; createElement: unknown };
      const imported = await import('react');
      expect(bundled.createElement).toBe(imported.createElement);
      expect(bundled.React.createElement).toBe(imported.createElement);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
