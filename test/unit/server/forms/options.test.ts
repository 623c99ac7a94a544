import { describe, expect, it } from 'vitest';
import { formsSchema } from '../../../../src/server/forms/options.js';
import { configMessages } from '../../../helpers/configProblems.js';

describe('forms options', () => {
  it('defaults to the built-in receiver without mail; forms.mail fills its own defaults', () => {
    expect(formsSchema.parse({})).toEqual({ endpoint: '/api/forms', dataDir: '.sitegen/forms', ratePerMinute: 30, allowedOrigins: [] });
    const { mail } = formsSchema.parse({ mail: { from: 'Shifu <hello@shifu.dev>', teamTo: 'team@shifu.dev' } });
    expect(mail).toMatchObject({ transport: 'SITEGEN_SMTP_URL', teamTo: ['team@shifu.dev'], kinds: {}, retry: { firstSeconds: 30, maxSeconds: 3600, attempts: 12 } });
  });

  it('names the option of an invalid value with its path in the site config', () => {
    expect(configMessages({ forms: { ratePerMinute: 0 } })).toEqual(['forms.ratePerMinute: Too small: expected number to be >=1 (found number 0)']);
    expect(configMessages({ forms: { mail: { from: 'a@b.c', teamTo: 'x@y.z', transport: 'smtp://u:p@h:587' } } })).toEqual([
      'forms.mail.transport: forms.mail.transport names an environment variable (such as SITEGEN_SMTP_URL) that holds the SMTP url; do not put the url in the config (found the string "smtp://u:p@h:587")',
    ]);
  });
});
