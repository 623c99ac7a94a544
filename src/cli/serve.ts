import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createStaticHandler } from '../server/serve/staticServer.js';
import { loadConfig } from '../builder/config/loadConfig.js';
import { docusaurusConfigLine, resolveConfigFile } from '../builder/config/docusaurus/configFile.js';
import { localeInfos } from '../builder/site/locales.js';
import { siteFormReceiver, type SiteForms } from '../server/forms/index.js';
import { SitegenError } from '../builder/errors.js';
import { listen, onShutdown } from '../server/serve/listen.js';
import { securityHeaders, type SecurityHeaderSettings } from '../server/serve/securityHeaders.js';
import { stylesheetSources } from '../server/serve/stylesheetSources.js';
import { CSP_REPORT_PATH, cspReportReceiver } from '../server/serve/cspReports.js';
import { isOutput, OUTPUT_MARKER } from '../builder/output/safeOutDir.js';
import { DirSink } from '../builder/output/sink.js';

export interface ServeOptions {
  dir: string;
  port: string;
  host: string;
  config: string;
  /** Where a blocked request (a Content-Security-Policy report) is printed; default stderr. */
  log?: (line: string) => void;
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
  let privateDirs: string[] = [];
  const configFile = resolveConfigFile(opts.config);
  const docusaurus = fs.existsSync(configFile) ? docusaurusConfigLine(configFile) : undefined;
  if (docusaurus) console.log(docusaurus);
  const loaded = fs.existsSync(configFile) ? await loadConfig({ configFile }) : undefined;
  refuseUnbuilt(dir, loaded ? path.resolve(loaded.siteDir, loaded.config.outDir) : path.resolve('build'));
  if (loaded) {
    const { config, siteDir } = loaded;
    baseUrl = config.baseUrl;
    trailingSlash = config.trailingSlash;
    settings = config;
    privateDirs = [path.resolve(siteDir, config.forms.dataDir)];
    localePrefixes = localeInfos(config)
      .map((l) => l.baseUrl)
      .filter((b) => b !== baseUrl);
    forms = await siteFormReceiver({ config, siteDir, onError: (e) => console.error('forms: cannot store a submission:', e) });
    if (!forms.sameOrigin) forms = undefined;
  }
  // The policy allows what the build's stylesheets import, and its violations are reported back here.
  const policy: SecurityHeaderSettings = { ...settings, stylesheetSources: stylesheetSources(dir), reportUri: CSP_REPORT_PATH };
  const files = createStaticHandler({ root: dir, baseUrl, localePrefixes, trailingSlash, headers: securityHeaders(policy), privateDirs });
  const cspReports = cspReportReceiver((line) => (opts.log ?? console.warn)(line), { docusaurusConfig: docusaurus ? path.basename(configFile) : undefined });
  const server = http.createServer((req, res) => {
    if (cspReports(req, res)) return;
    if (forms?.receiver.handle(req, res)) return;
    files(req, res);
  });
  const url = await listen(server, { port: opts.port, host: opts.host });
  console.log(`Serving ${path.relative(process.cwd(), dir) || '.'} at ${url}${baseUrl.slice(1)}`);
  if (forms?.names.length) console.log(`Forms (${forms.names.join(', ')}) at ${url}${forms.mountPath.slice(1)}/<name>, stored in ${path.relative(process.cwd(), forms.dataDir)}`);
  if (forms?.mailing && loaded) console.log(`Links in mails lead to this server for a form sent from its pages (${url.slice(0, -1)}), else to the site's url (${loaded.config.url})`);
  // Closing the server (Ctrl-C, or a test's close) closes the receiver: its files and its sender.
  let closing: Promise<void> | undefined;
  const closeForms = () => (closing ??= forms?.receiver.close() ?? Promise.resolve());
  server.once('close', () => void closeForms());
  onShutdown(server, closeForms);
  return server;
}

/**
 * Only a folder `sitegen build` wrote is served: `--dir .` in the project would otherwise hand out
 * its sources, its .env and the forms data folder to anyone who can reach the port.
 */
function refuseUnbuilt(dir: string, outDir: string): void {
  if (isOutput(dir)) return;
  const shown = path.relative(process.cwd(), dir) || '.';
  const pass = path.relative(process.cwd(), outDir) || outDir;
  throw new SitegenError(`${shown} is not a sitegen build: run sitegen build first, or pass --dir ${pass}`, [
    {
      message: `${dir} holds no ${OUTPUT_MARKER} file, which every \`sitegen build\` writes into its output`,
      hint: 'Serve only what `sitegen build` wrote: its output folder is "build" unless outDir or --out-dir says otherwise.',
    },
  ]);
}
