import path from 'node:path';
import type { SiteConfig } from '../../builder/config/schema.js';
import { localeInfos } from '../../builder/site/locales.js';
import { createFormReceiver, type FormReceiver } from './receiver.js';
import { loadFormSchemas, formsMountPath } from './schemas.js';
import { createMailing, type Mailing } from './mailing.js';
import { emlTransport, smtpTransport } from './sender.js';
import { loadSecret, Tokens } from './tokens.js';
import { originOf } from './origin.js';

export { createFormReceiver, MAX_SUBMISSION_BYTES, HONEYPOT_FIELD, LOCALE_FIELD, type FormReceiver } from './receiver.js';
export { loadFormSchemas, schemaFields, formsMountPath, type FormSchema } from './schemas.js';
export { labelsFor } from './labels.js';
export { readSubmissions, SubmissionStore, FILE_MODE, DIR_MODE, type StoredSubmission } from './store.js';
export { exportSubmissions, exportSubscribers } from './export.js';
export { readOutbox, outboxFile, type OutboxEntry } from './outbox.js';
export { readSubscribers } from './subscriptions.js';

export interface SiteForms {
  receiver: FormReceiver;
  mountPath: string;
  names: string[];
  dataDir: string;
  /** False when the site posts its forms to another host: serve and dev then leave the path alone. */
  sameOrigin: boolean;
  mailing?: Mailing;
}

/** Where `.eml` files go when there is no SMTP url. */
export const emlDir = (dataDir: string) => path.join(dataDir, 'mail');

/**
 * The receiver of a site's forms as its config describes them (schemas module, data folder, rate,
 * endpoint, mail). `linkOrigin`: the origin links in mails start with when it is not the site's url
 * (`sitegen dev` passes its own).
 */
export async function siteFormReceiver(params: { config: SiteConfig; siteDir: string; onError?: (e: unknown) => void; log?: (line: string) => void; linkOrigin?: string }): Promise<SiteForms> {
  const { config, siteDir } = params;
  const log = params.log ?? ((line: string) => console.log(line));
  const { forms, labels } = await loadFormSchemas({ config, siteDir });
  const mountPath = formsMountPath(config.forms.endpoint);
  const dataDir = path.resolve(siteDir, config.forms.dataDir);
  const sameOrigin = !/^https?:\/\//.test(config.forms.endpoint);
  const locales = localeInfos(config).sort((a, b) => Number(b.locale === config.i18n.defaultLocale) - Number(a.locale === config.i18n.defaultLocale));
  const mail = config.forms.mail;
  let mailing: Mailing | undefined;
  if (mail && forms.size) {
    const smtpUrl = process.env[mail.transport];
    const receiverOrigin = params.linkOrigin ?? (sameOrigin ? config.url : originOf(config.forms.endpoint)!);
    mailing = createMailing({
      dataDir,
      kinds: mail.kinds,
      setup: { site: config.title, from: mail.from, replyTo: mail.replyTo, teamTo: mail.teamTo, domain: domainOf(mail.from) ?? new URL(config.url).hostname, labels },
      transport: smtpUrl ? smtpTransport(smtpUrl, 4) : emlTransport(emlDir(dataDir), log),
      retry: { firstDelayMs: mail.retry.firstSeconds * 1000, maxDelayMs: mail.retry.maxSeconds * 1000, attempts: mail.retry.attempts },
      tokens: new Tokens(loadSecret({ envName: mail.secret, dataDir })),
      confirmHours: mail.confirmHours,
      cooldownMinutes: mail.cooldownMinutes,
      limits: mail.limits,
      linkBase: `${receiverOrigin}${mountPath}`,
      landing: (page, locale) => {
        const base = (locales.find((l) => l.locale === locale) ?? locales[0]).baseUrl;
        const rel = `${base}${mail.pages[page].replace(/^\/+/, '')}`;
        return sameOrigin ? rel : `${config.url}${rel}`;
      },
      log,
    });
  }
  const receiver = createFormReceiver({
    forms,
    dataDir,
    ratePerMinute: config.forms.ratePerMinute,
    mountPath,
    allowedOrigins: [config.url, ...config.forms.allowedOrigins],
    onError: params.onError,
    mailing,
    locales: locales.map((l) => ({ locale: l.locale, baseUrl: l.baseUrl })),
  });
  return { receiver, mountPath, names: [...forms.keys()], dataDir, sameOrigin, mailing };
}

/** "example.com" of "Example <hello@example.com>". */
function domainOf(address: string): string | undefined {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)?.[1];
}
