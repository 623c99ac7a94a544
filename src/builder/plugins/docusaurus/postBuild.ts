import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OutputSink, PageToWrite, SiteModel } from '../api.js';
import { pluginError, type DocusaurusHost } from './lifecycle.js';

// postBuild, once the output is complete and before it replaces the previous build (DirSink.commit):
// each locale's plugins get its folder of the staging output (`outDir`, as Docusaurus builds a locale
// into `build/<locale>/`), its routes' paths and their content; what they write there is committed with
// the rest, and a failing postBuild fails the build with nothing replaced. A sink with no folder (a
// build in memory) lends them an empty folder, and what they write there joins the sink.

export async function runPostBuild(params: { host: DocusaurusHost; site: SiteModel; pages: PageToWrite[]; sink: OutputSink; configFile: string }): Promise<void> {
  const { host, site } = params;
  if (!host.locales.some((l) => l.plugins.some((p) => p.loaded.plugin.postBuild))) return;
  const staged = await params.sink.settledFolder?.();
  const root = staged ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-postbuild-'));
  try {
    for (const run of host.locales) {
      const localeDir = path.join(root, run.locale.baseUrl.slice(site.config.baseUrl.length));
      fs.mkdirSync(localeDir, { recursive: true });
      const routesPaths = params.pages.filter((p) => p.route.locale === run.locale.locale).map((p) => p.route.path);
      const props = {
        ...run.context,
        outDir: localeDir,
        routesPaths,
        routes: params.pages.filter((p) => p.route.locale === run.locale.locale).map((p) => ({ path: p.route.path, exact: true })),
        plugins: run.plugins.map((p) => p.loaded.plugin),
        head: {},
        routesBuildMetadata: Object.fromEntries(routesPaths.map((p) => [p, { noIndex: false }])),
      };
      for (const { loaded, content } of run.plugins) {
        if (!loaded.plugin.postBuild) continue;
        try {
          await loaded.plugin.postBuild({ ...props, content });
        } catch (error) {
          throw pluginError({ plugin: loaded.plugin, loaded, method: 'postBuild', error, configFile: params.configFile });
        }
      }
    }
    if (!staged) for (const rel of listFiles(root)) params.sink.write(rel, fs.readFileSync(path.join(root, rel)));
  } finally {
    if (!staged) fs.rmSync(root, { recursive: true, force: true });
  }
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}
