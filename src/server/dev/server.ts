import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import http from 'node:http';
import { loadConfig } from '../../builder/config/loadConfig.js';
import { resolveConfigFile } from '../../builder/config/docusaurus/configFile.js';
import type { SiteConfig } from '../../builder/config/schema.js';
import { localeInfos } from '../../builder/site/locales.js';
import { contentType } from '../serve/contentTypes.js';
import { decodeRequestPath, resolvePath, isContentHashed, type UrlRules } from '../serve/urlRules.js';
import { sendResource, sendText, CACHE_FOREVER } from '../serve/respond.js';
import { listen } from '../serve/listen.js';
import { siteFormReceiver, formsMountPath, type SiteForms } from '../forms/index.js';
import { DevSession } from './session.js';
import type { Served } from './published.js';
import { devClientTag, EVENTS_PATH } from './clientScript.js';
import { watchSite, watchedPaths, type SiteWatcher } from './watch.js';
import { isAllowedHost } from './hostCheck.js';

// `sitegen dev`: the site built in memory and served with the production url rules, rebuilt on
// every change, with the open pages reloaded by server-sent events, build problems shown over the
// page, and the form receiver mounted as in `sitegen serve`.

export interface DevServerOptions {
  configFile: string;
  locale?: string;
  port: string | number;
  host: string;
  log?: (line: string) => void;
  /** Keep the build caches on disk between runs (default true). */
  persist?: boolean;
}

export interface DevServer {
  url: string;
  session: DevSession;
  /** Resolves when pages can be served (the last run's snapshot, or the first build) and the watcher is ready. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  // No site.config.ts: the folder's docusaurus.config.* is the config, watched and reloaded as one.
  const configFile = path.resolve(resolveConfigFile(options.configFile));
  let watcher: SiteWatcher | undefined;
  // The site's components, styles and data its markdown and pages import are followed as builds read them.
  const session = new DevSession({ configFile, locale: options.locale, log, persist: options.persist, onSiteCode: (files) => watcher?.add(files) });
  const servable = session.start();
  let forms: { key: string; forms: Promise<SiteForms | undefined> } | undefined;

  const rulesOf = (config: SiteConfig): UrlRules => ({
    baseUrl: config.baseUrl,
    trailingSlash: config.trailingSlash,
    localePrefixes: localeInfos(config)
      .map((l) => l.baseUrl)
      .filter((b) => b !== config.baseUrl),
  });

  /** The form receiver of the current config, made again when the forms section or its schemas change. */
  const formsOf = (config: SiteConfig, siteDir: string) => {
    const schemas = config.forms.schemas ? path.resolve(siteDir, config.forms.schemas) : '';
    const key = JSON.stringify([config.forms, schemas && fs.existsSync(schemas) ? fs.statSync(schemas).mtimeMs : 0]);
    if (forms?.key !== key) {
      const old = forms;
      forms = {
        key,
        forms: siteFormReceiver({ config, siteDir, log, linkOrigin: url.replace(/\/$/, ''), onError: (e) => log(`forms: cannot store a submission: ${String(e)}`) }).then((f) =>
          f.sameOrigin && f.names.length ? f : undefined,
        ),
      };
      void old?.forms.then((f) => f?.receiver.close()).catch(() => undefined);
    }
    return forms.forms;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!isAllowedHost(req.headers.host, options.host)) {
      sendText(
        res,
        403,
        `Forbidden: sitegen dev answers only localhost, an IP address or the name passed as --host (DNS rebinding). Open http://localhost:${req.socket.localPort}/, or pass --host <name>.\n`,
      );
      return;
    }
    const url = req.url ?? '/';
    if (url.split('?')[0] === EVENTS_PATH) {
      session.hub.connect(req, res, { type: 'hello', generation: session.generation, problems: session.problems });
      return;
    }
    await servable;
    const current = session.site;
    if (current && url.startsWith(`${formsMountPath(current.config.forms.endpoint)}/`)) {
      const receiver = await formsOf(current.config, current.siteDir).catch((e) => {
        log(`forms: ${(e as Error).message}`);
        return undefined;
      });
      if (receiver?.receiver.handle(req, res)) return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method Not Allowed\n', { Allow: 'GET, HEAD' });
      return;
    }
    if (!current) {
      // The first build failed: a page that shows the problems and reloads once they are fixed.
      sendHtml(req, res, 500, `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Build failed</title></head><body></body></html>`, session.generation);
      return;
    }
    const decoded = decodeRequestPath(url);
    if ('bad' in decoded) {
      sendText(res, 400, 'Bad Request\n');
      return;
    }
    const resolution = resolvePath({ rules: rulesOf(current.config), ...decoded, exists: (rel) => session.lookup(rel) !== undefined });
    if (resolution.kind === 'redirect') {
      res.writeHead(301, { Location: resolution.location, 'Content-Length': '0' });
      res.end();
      return;
    }
    if (resolution.kind === 'bad') {
      sendText(res, 400, 'Bad Request\n');
      return;
    }
    const rel = resolution.kind === 'file' ? resolution.rel : resolution.page;
    const served = rel ? session.lookup(rel) : undefined;
    if (!rel || !served) {
      sendText(res, 404, 'Not Found\n');
      return;
    }
    const status = resolution.kind === 'file' ? 200 : 404;
    const body = bodyOf(served);
    if (/\.html?$/.test(rel)) {
      sendHtml(req, res, status, body.toString('utf8'), session.generation);
      return;
    }
    const cacheControl = status === 200 && isContentHashed(rel) ? CACHE_FOREVER : 'no-store';
    const etag = `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
    sendResource({ req, res, status, resource: { body, size: body.length, type: contentType(rel), etag }, cacheControl });
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      log(`dev server: ${(e as Error).stack ?? String(e)}`);
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error\n');
      else res.destroy();
    });
  });
  const url = await listen(server, { port: options.port, host: options.host });

  const ready = servable.then(async () => {
    // The receiver starts with the server, so that it says at once where mail goes (and sends what is due).
    if (session.site) void formsOf(session.site.config, session.site.siteDir).catch((e) => log(`forms: ${(e as Error).message}`));
    // Which folders to watch comes from the config: the served one, or a fresh read (a broken config still has its file watched).
    const site = session.site;
    const fromConfig = site
      ? watchedPaths({ ...site, configFile })
      : await loadConfig({ configFile })
          .then(({ config, siteDir }) => watchedPaths({ config, siteDir, configFile }))
          .catch(() => [configFile]);
    watcher = watchSite({
      paths: [...fromConfig, ...session.siteCode],
      onChanges: (changes) => {
        void session.changed(changes).then(async () => {
          const now = session.site;
          if (changes.some((c) => c.path === configFile) && now) watcher?.add(watchedPaths({ ...now, configFile }));
        });
      },
    });
    await watcher.ready;
  });

  return {
    url,
    session,
    ready,
    close: async () => {
      await ready.catch(() => undefined);
      await watcher?.close();
      session.hub.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await session.close();
      await forms?.forms.then((f) => f?.receiver.close()).catch(() => undefined);
    },
  };
}

function bodyOf(served: Served): Buffer {
  if ('file' in served) return fs.readFileSync(served.file);
  return typeof served.data === 'string' ? Buffer.from(served.data) : Buffer.from(served.data);
}

/** HTML with the dev client added; never cached, so a reload always shows the latest build. */
function sendHtml(req: http.IncomingMessage, res: http.ServerResponse, status: number, html: string, generation: number): void {
  const tag = devClientTag(generation);
  const i = html.lastIndexOf('</body>');
  const body = Buffer.from(i === -1 ? html + tag : html.slice(0, i) + tag + html.slice(i));
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(body.length), 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(req.method === 'HEAD' ? undefined : body);
}
