import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createStaticHandler } from '../builder/serve/staticServer.js';
import { loadConfig } from '../builder/config/loadConfig.js';
import { localeInfos } from '../builder/site/locales.js';
import { siteFormReceiver, type SiteForms } from '../builder/forms/index.js';
import { SitegenError } from '../builder/errors.js';
import { listen, onShutdown } from '../builder/serve/listen.js';
import { securityHeaders, type SecurityHeaderSettings } from '../builder/serve/securityHeaders.js';
import { DirSink } from '../builder/output/sink.js';

export interface ServeOptions {
  dir: string;
  port: string;
  host: string;
  config: string;
}

/** `sitegen serve`: a build with the production url rules, and the form receiver at the forms endpoint. */
export async function runServe(opts: ServeOptions): Promise<void> {
  await startServe(opts);
}

export async function startServe(opts: ServeOptions): Promise<http.Server> {
  const dir = path.resolve(opts.dir);
  const restored = DirSink.restorePrevious(dir);
  if (restored)
    console.log(`The previous build was restored from ${path.relative(process.cwd(), restored)}: a build killed while replacing it had left no ${path.relative(process.cwd(), dir) || '.'}`);
  if (!fs.existsSync(dir)) {
    throw new SitegenError(`Nothing to serve: ${dir} does not exist`, [{ message: 'no build output', hint: 'Run `sitegen build` first, or pass --dir <folder>.' }]);
  }
  let baseUrl = '/';
  let localePrefixes: string[] = [];
  let trailingSlash: boolean | undefined;
  let forms: SiteForms | undefined;
  let settings: SecurityHeaderSettings = {};
  if (fs.existsSync(opts.config)) {
    const { config, siteDir } = await loadConfig({ configFile: opts.config });
    baseUrl = config.baseUrl;
    trailingSlash = config.trailingSlash;
    settings = config;
    localePrefixes = localeInfos(config)
      .map((l) => l.baseUrl)
      .filter((b) => b !== baseUrl);
    forms = await siteFormReceiver({ config, siteDir, onError: (e) => console.error('forms: cannot store a submission:', e) });
    if (!forms.sameOrigin) forms = undefined;
  }
  const files = createStaticHandler({ root: dir, baseUrl, localePrefixes, trailingSlash, headers: securityHeaders(settings) });
  const server = http.createServer((req, res) => {
    if (forms?.receiver.handle(req, res)) return;
    files(req, res);
  });
  const url = await listen(server, { port: opts.port, host: opts.host });
  console.log(`Serving ${path.relative(process.cwd(), dir) || '.'} at ${url}${baseUrl.slice(1)}`);
  if (forms?.names.length) console.log(`Forms (${forms.names.join(', ')}) at ${url}${forms.mountPath.slice(1)}/<name>, stored in ${path.relative(process.cwd(), forms.dataDir)}`);
  onShutdown(server, () => forms?.receiver.close());
  return server;
}
