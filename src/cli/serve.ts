import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createStaticHandler } from '../builder/serve/staticServer.js';
import { loadConfig } from '../builder/config/loadConfig.js';
import { localeInfos } from '../builder/site/locales.js';
import { SitegenError } from '../builder/errors.js';

export async function runServe(opts: { dir: string; port: string; host: string; config: string }): Promise<void> {
  const dir = path.resolve(opts.dir);
  if (!fs.existsSync(dir)) {
    throw new SitegenError(`Nothing to serve: ${dir} does not exist`, [{ message: 'no build output', hint: 'Run `sitegen build` first, or pass --dir <folder>.' }]);
  }
  let baseUrl = '/';
  let localePrefixes: string[] = [];
  if (fs.existsSync(opts.config)) {
    const { config } = await loadConfig({ configFile: opts.config });
    baseUrl = config.baseUrl;
    localePrefixes = localeInfos(config).map((l) => l.baseUrl).filter((b) => b !== baseUrl);
  }
  const handler = createStaticHandler({ root: dir, baseUrl, localePrefixes });
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(opts.port), opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  console.log(`Serving ${path.relative(process.cwd(), dir) || '.'} at http://${opts.host}:${port}${baseUrl}`);
}
