import fs from 'node:fs';
import path from 'node:path';
import type { SourceMapPayload } from 'node:module';
import * as esbuild from 'esbuild';
import type { SiteConfig } from '../../builder/config/schema.js';
import { SitegenError } from '../../builder/errors.js';
import { thrownAt } from '../../builder/config/thrownAt.js';
import { packageRoot } from '../../builder/paths.js';
import { readLabels, type FormLabels } from './labels.js';
import { importModule } from '../../builder/importModule.js';

// The site's form schemas come from the module named by `forms.schemas` in the config: the very
// module the pages import, so the browser and the receiver validate with the same code. It is
// bundled together with its imports (zod included) into one self-contained module, so it loads
// wherever the site lives, even without its own node_modules.

/** What the receiver needs of a schema (zod and zod/mini both fit): parse, and report per field. */
export interface FormSchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export interface FormDefinitions {
  /** Form name (the last segment of its url) → schema. */
  forms: Map<string, FormSchema>;
  /** The module they came from, for messages. */
  file?: string;
  /** Its `labels` export: the words of each field and option per locale (labels.ts). */
  labels?: FormLabels;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export async function loadFormSchemas(params: { config: SiteConfig; siteDir: string }): Promise<FormDefinitions> {
  const rel = params.config.forms.schemas;
  if (!rel) return { forms: new Map() };
  const file = path.resolve(params.siteDir, rel);
  const where = { file, hint: 'Set forms.schemas in the site config to a module that exports `forms = { <name>: <zod schema> }`.' };
  if (!fs.existsSync(file)) throw new SitegenError('The form schemas module does not exist', [{ message: `forms.schemas is "${rel}"`, ...where }]);
  // Named as if written beside the site's config: the map's sources are then relative to the site.
  const bundleFile = path.join(params.siteDir, '.sitegen-forms-schemas.mjs');
  let code: string;
  let map: SourceMapPayload;
  try {
    const result = await esbuild.build({
      entryPoints: [file],
      // The source map takes an error the module throws as it loads back to its own file:line.
      outfile: bundleFile,
      sourcemap: 'external',
      sourcesContent: false,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      // A site without its own node_modules still finds zod: sitegen's copy is the fallback.
      nodePaths: [path.join(packageRoot(), 'node_modules')],
    });
    code = result.outputFiles.find((f) => !f.path.endsWith('.map'))!.text;
    map = JSON.parse(result.outputFiles.find((f) => f.path.endsWith('.map'))!.text) as SourceMapPayload;
  } catch (e) {
    const errors = (e as { errors?: esbuild.Message[] }).errors ?? [];
    throw new SitegenError(
      'Cannot bundle the form schemas',
      errors.length
        ? errors.map((m) => ({ message: m.text, file: m.location?.file ? path.resolve(m.location.file) : file, line: m.location?.line, column: m.location ? m.location.column + 1 : undefined }))
        : [{ message: (e as Error).message, file }],
    );
  }
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  let mod: { forms?: unknown; labels?: unknown };
  try {
    mod = (await importModule(url)) as { forms?: unknown; labels?: unknown };
  } catch (e) {
    const at = thrownAt(e, bundleFile, map, { url });
    throw new SitegenError('The form schemas module threw an error while loading', [
      {
        message: e instanceof Error ? `${e.name}: ${e.message}` : `threw ${JSON.stringify(e) ?? String(e)}`,
        file: at?.file ?? file,
        line: at?.line,
        column: at?.column,
        hint: 'sitegen runs the forms.schemas module to read its `forms` export: fix the code at this line.',
      },
    ]);
  }
  if (!mod.forms || typeof mod.forms !== 'object')
    throw new SitegenError('The form schemas module has no `forms` export', [{ message: 'expected `export const forms = { questionnaire, subscribe }`', ...where }]);
  const forms = new Map<string, FormSchema>();
  for (const [name, schema] of Object.entries(mod.forms as Record<string, unknown>)) {
    if (!NAME.test(name)) throw new SitegenError(`Invalid form name "${name}"`, [{ message: 'a form name is letters, digits, "-" and "_" (it becomes a url segment)', ...where }]);
    if (!schema || typeof (schema as FormSchema).safeParse !== 'function')
      throw new SitegenError(`forms.${name} is not a schema`, [{ message: 'each value of `forms` must be a zod schema', ...where }]);
    forms.set(name, schema as FormSchema);
  }
  return { forms, file, labels: readLabels(mod.labels, file) };
}

/** The fields of an object schema in declaration order (zod and zod/mini), for export columns. */
export function schemaFields(schema: FormSchema): string[] {
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def?: { shape?: Record<string, unknown> } } };
  return Object.keys(s._zod?.def?.shape ?? s.shape ?? {});
}

/** Where the receiver listens: the path of `forms.endpoint` (which may be an absolute url of another host). */
export function formsMountPath(endpoint: string): string {
  const pathname = /^https?:\/\//.test(endpoint) ? new URL(endpoint).pathname : endpoint;
  return `/${pathname.replace(/^\/+|\/+$/g, '')}`;
}
