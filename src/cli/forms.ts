import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../builder/config/loadConfig.js';
import { siteFormReceiver, loadFormSchemas, readSubmissions, exportSubmissions, schemaFields, FILE_MODE } from '../builder/forms/index.js';
import { listen, onShutdown } from '../builder/serve/listen.js';
import { SitegenError } from '../builder/errors.js';

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
export async function runFormsExport(name: string, opts: { config: string; format: string; output?: string }): Promise<void> {
  if (opts.format !== 'csv' && opts.format !== 'json') {
    throw new SitegenError(`Unknown format "${opts.format}"`, [{ message: 'the formats are csv and json', hint: 'Pass --format csv or --format json.' }]);
  }
  const { config, siteDir } = await loadConfig({ configFile: opts.config });
  const { forms } = await loadFormSchemas({ config, siteDir });
  const dataDir = path.resolve(siteDir, config.forms.dataDir);
  const { records, damaged, file } = readSubmissions({ dataDir, form: name });
  if (!forms.has(name) && !fs.existsSync(file)) {
    throw new SitegenError(`Unknown form "${name}"`, [{ message: `the site's forms are: ${[...forms.keys()].join(', ') || '(none)'}`, file }]);
  }
  const schema = forms.get(name);
  const text = exportSubmissions({ records, format: opts.format, fields: schema ? schemaFields(schema) : undefined });
  // The export holds the same personal details as the store: a new file is the owner's only.
  if (opts.output) fs.writeFileSync(opts.output, text, { mode: FILE_MODE });
  else process.stdout.write(text);
  const note = `${records.length} submission${records.length === 1 ? '' : 's'} of "${name}"${damaged ? `; ${damaged} damaged line${damaged === 1 ? '' : 's'} skipped (cut short by a crash before it was acknowledged)` : ''}`;
  console.error(note);
}
