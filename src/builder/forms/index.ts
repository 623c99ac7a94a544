import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { createFormReceiver, type FormReceiver } from './receiver.js';
import { loadFormSchemas, formsMountPath } from './schemas.js';

export { createFormReceiver, MAX_SUBMISSION_BYTES, type FormReceiver } from './receiver.js';
export { loadFormSchemas, schemaFields, formsMountPath, type FormSchema } from './schemas.js';
export { readSubmissions, SubmissionStore, FILE_MODE, DIR_MODE, type StoredSubmission } from './store.js';
export { exportSubmissions } from './export.js';

export interface SiteForms {
  receiver: FormReceiver;
  mountPath: string;
  names: string[];
  dataDir: string;
  /** False when the site posts its forms to another host: serve and dev then leave the path alone. */
  sameOrigin: boolean;
}

/** The receiver of a site's forms as its config describes them (schemas module, data folder, rate, endpoint). */
export async function siteFormReceiver(params: { config: SiteConfig; siteDir: string; onError?: (e: unknown) => void }): Promise<SiteForms> {
  const { config, siteDir } = params;
  const { forms } = await loadFormSchemas({ config, siteDir });
  const mountPath = formsMountPath(config.forms.endpoint);
  const dataDir = path.resolve(siteDir, config.forms.dataDir);
  const receiver = createFormReceiver({
    forms,
    dataDir,
    ratePerMinute: config.forms.ratePerMinute,
    mountPath,
    allowedOrigins: [config.url, ...config.forms.allowedOrigins],
    onError: params.onError,
  });
  return { receiver, mountPath, names: [...forms.keys()], dataDir, sameOrigin: !/^https?:\/\//.test(config.forms.endpoint) };
}
