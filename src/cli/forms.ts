import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../builder/config/loadConfig.js';
import {
  siteFormReceiver,
  loadFormSchemas,
  labelsFor,
  readSubmissions,
  exportSubmissions,
  exportSubscribers,
  readSubscribers,
  readOutbox,
  outboxFile,
  schemaFields,
  FILE_MODE,
} from '../server/forms/index.js';
import { AppendLog } from '../server/forms/appendLog.js';
import { listen, onShutdown } from '../server/serve/listen.js';
import { SitegenError } from '../builder/errors.js';
import { writeFileAtomic } from '../builder/output/atomicFile.js';

/** `sitegen forms`: the form receiver on its own (a site served elsewhere posts to it). */
export async function runForms(opts: { config: string; port: string; host: string }): Promise<void> {
  const { config, siteDir } = await loadConfig({ configFile: opts.config });
  const forms = await siteFormReceiver({ config, siteDir, onError: (e) => console.error('forms: cannot store a submission:', e) });
  if (!forms.names.length) {
    throw new SitegenError('The site has no forms', [
      { message: 'forms.schemas is not set in the site config', hint: 'Point forms.schemas at a module that exports `forms = { <name>: <zod schema> }`.' },
    ]);
  }
  const server = http.createServer((req, res) => {
    if (forms.receiver.handle(req, res)) return;
    const body = JSON.stringify({ ok: false, error: 'form.error.unknownForm' });
    res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) });
    res.end(body);
  });
  const url = await listen(server, { port: opts.port, host: opts.host });
  console.log(`Form receiver at ${url}${forms.mountPath.slice(1)}/<name> (${forms.names.join(', ')}), stored in ${path.relative(process.cwd(), forms.dataDir) || '.'}`);
  onShutdown(server, () => forms.receiver.close());
}

/** `sitegen forms export <name>`: the stored submissions of one form, as CSV or JSON on stdout. */
export async function runFormsExport(name: string, opts: { config: string; format: string; output?: string; all?: boolean }): Promise<void> {
  if (opts.format !== 'csv' && opts.format !== 'json') {
    throw new SitegenError(`Unknown format "${opts.format}"`, [{ message: 'the formats are csv and json', hint: 'Pass --format csv or --format json.' }]);
  }
  // A form's name is a key of the schemas module, and names its file in the data folder: a path
  // (`../../outside`) would read a file outside it.
  if (!/^[\w-]+$/.test(name)) {
    throw new SitegenError(`Not a form name: "${name}"`, [
      { message: 'a form name is a key of forms.schemas (letters, digits, "_" and "-"), never a path', hint: "Pass the name of one of the site's forms, e.g. `sitegen forms export subscribe`." },
    ]);
  }
  const { config, siteDir } = await loadConfig({ configFile: opts.config });
  const { forms, labels } = await loadFormSchemas({ config, siteDir });
  const dataDir = path.resolve(siteDir, config.forms.dataDir);
  const { records, damaged, file } = readSubmissions({ dataDir, form: name });
  if (!forms.has(name) && !fs.existsSync(file)) {
    throw new SitegenError(`Unknown form "${name}"`, [{ message: `the site's forms are: ${[...forms.keys()].join(', ') || '(none)'}`, file }]);
  }
  if (config.forms.mail?.kinds[name] === 'subscription') {
    // A newsletter: the addresses and their state, by default only the confirmed ones (the subscribers).
    const { text, count } = exportSubscribers({ subscribers: [...readSubscribers(dataDir, name).values()], format: opts.format, all: opts.all });
    if (opts.output) writeFileAtomic({ file: opts.output, data: text, mode: FILE_MODE });
    else process.stdout.write(text);
    console.error(
      `${count} ${opts.all ? 'address' : 'confirmed subscriber'}${count === 1 ? '' : opts.all ? 'es' : 's'} of "${name}"${opts.all ? '' : ' (--all adds the pending and unsubscribed addresses)'}`,
    );
    return;
  }
  const schema = forms.get(name);
  const text = exportSubmissions({ records, format: opts.format, fields: schema ? schemaFields(schema) : undefined, labels: labelsFor(labels, config.i18n.defaultLocale) });
  // The export holds the same personal details as the store: the file is the owner's only, also one
  // that was there before (writeFileSync kept its mode), and replaced whole.
  if (opts.output) writeFileAtomic({ file: opts.output, data: text, mode: FILE_MODE });
  else process.stdout.write(text);
  const note = `${records.length} submission${records.length === 1 ? '' : 's'} of "${name}"${damaged ? `; ${damaged} damaged line${damaged === 1 ? '' : 's'} skipped (cut short by a crash before it was acknowledged)` : ''}`;
  console.error(note);
}

/** `sitegen forms outbox [retry]`: the mails waiting or failed; `retry` queues the failed ones again. */
export async function runFormsOutbox(opts: { config: string; retry?: boolean; all?: boolean }): Promise<void> {
  const { config, siteDir } = await loadConfig({ configFile: opts.config });
  const dataDir = path.resolve(siteDir, config.forms.dataDir);
  const { entries, damaged } = readOutbox(dataDir);
  const list = [...entries.values()];
  if (opts.retry) {
    const failed = list.filter((e) => e.state === 'failed');
    if (failed.length) {
      // The running receiver reads these lines within seconds (it polls the outbox file).
      const log = new AppendLog(outboxFile(dataDir));
      const at = new Date().toISOString();
      await log.appendAll(failed.map((e) => ({ op: 'retry', at, id: e.mail.id })));
      await log.close();
    }
    console.log(`${failed.length} failed mail${failed.length === 1 ? '' : 's'} queued again${failed.length ? ': a running receiver sends them within seconds, or the next start does' : ''}`);
    return;
  }
  const shown = list.filter((e) => opts.all || e.state !== 'sent');
  const count = (state: string) => list.filter((e) => e.state === state).length;
  console.log(
    `${count('pending')} pending, ${count('failed')} failed, ${count('sent')} sent${damaged ? `; ${damaged} damaged line${damaged === 1 ? '' : 's'} skipped` : ''} (${path.relative(process.cwd(), outboxFile(dataDir)) || outboxFile(dataDir)})`,
  );
  for (const e of shown) {
    const when = e.state === 'pending' && e.due ? ` next try ${new Date(e.due).toISOString()}` : e.state === 'sent' ? ` ${e.sentAt}` : '';
    console.log(`${e.state.padEnd(7)} ${e.mail.id}  ${e.mail.kind.padEnd(20)} to ${e.mail.to.join(', ')}  attempts ${e.attempts}${when}${e.error ? `  last error: ${e.error}` : ''}`);
  }
}
