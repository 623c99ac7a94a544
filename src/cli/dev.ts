import path from 'node:path';
import { startDevServer, type DevServer } from '../server/dev/server.js';
import { docusaurusConfigLine } from '../builder/config/docusaurus/configFile.js';

/** `sitegen dev`: builds in memory, serves, rebuilds on every change and reloads the open pages. */
export async function runDev(opts: { config: string; locale?: string; port: string; host: string; cache?: boolean }): Promise<void> {
  const started = performance.now();
  let dev: DevServer | undefined;
  let closing = false;
  // Installed first: Ctrl-C at any moment still saves the caches and the last output for the next start.
  const stop = async () => {
    if (closing) return;
    closing = true;
    // A build in progress is finished and the caches saved, but Ctrl-C never waits long.
    setTimeout(() => process.exit(0), 10_000).unref();
    await dev?.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  const docusaurus = docusaurusConfigLine(opts.config);
  if (docusaurus) console.log(docusaurus);
  dev = await startDevServer({ configFile: opts.config, locale: opts.locale, port: opts.port, host: opts.host, persist: opts.cache !== false });
  console.log(`sitegen dev ${path.relative(process.cwd(), path.resolve(opts.config)) || opts.config}${opts.locale ? ` (locale ${opts.locale})` : ''}: ${dev.url}`);
  await dev.ready;
  if (!closing) console.log(`Ready in ${(performance.now() - started).toFixed(0)} ms; watching for changes (Ctrl-C to stop)`);
}
