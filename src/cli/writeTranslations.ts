import path from 'node:path';
import { loadConfig } from '../builder/config/loadConfig.js';
import { writeTranslations } from '../tools/i18n/writeTranslations.js';

export async function runWriteTranslations(opts: { locale: string; config: string }): Promise<void> {
  const { config, siteDir } = await loadConfig({ configFile: opts.config });
  const result = writeTranslations({ config, siteDir, locale: opts.locale });
  for (const f of result.files) console.log(`  ${path.relative(process.cwd(), f.file)}: ${f.total} messages, ${f.added} new`);
  console.log(`✔ translations of ${opts.locale} written`);
}
