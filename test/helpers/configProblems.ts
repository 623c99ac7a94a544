// The messages a site config's validation gives for `raw` (a minimal valid config plus the keys given),
// or [] when it is valid: what an options module's test asserts on, with the option's path.
import { validateConfig } from '../../src/builder/config/loadConfig.js';
import { SitegenError } from '../../src/builder/errors.js';

export function configMessages(keys: object): string[] {
  try {
    validateConfig({ raw: { title: 'T', url: 'https://example.com', ...keys }, configFile: '/site/site.config.ts', source: '' });
    return [];
  } catch (e) {
    if (!(e instanceof SitegenError)) throw e;
    return e.problems.map((p) => p.message);
  }
}
