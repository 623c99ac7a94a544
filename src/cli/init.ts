import path from 'node:path';
import { initFromDocusaurus, type InitResult } from '../tools/init/initFromDocusaurus.js';

// `sitegen init --from-docusaurus [dir]`: writes site.config.ts from the site's Docusaurus config and
// lists, one per line, what it could not carry over and why.

export async function runInit(dir: string | undefined, opts: { fromDocusaurus?: boolean; force?: boolean }): Promise<InitResult> {
  if (!opts.fromDocusaurus) {
    throw new Error('sitegen init needs --from-docusaurus: it makes a site config from a Docusaurus site (sitegen init --from-docusaurus [dir])');
  }
  const result = await initFromDocusaurus({ dir: dir ?? '.', force: opts.force });
  const rel = (p: string) => path.relative(process.cwd(), p) || '.';
  console.log(`✔ Wrote ${rel(result.siteConfig)} from ${rel(result.docusaurusConfig)}.`);
  if (result.notes.length) {
    console.log(`\nNot carried over (${result.notes.length}):`);
    for (const n of result.notes) console.log(`  - ${n.key}: ${n.reason}`);
  }
  if (result.notice) console.log(`\nNote: ${result.notice}.`);
  console.log(`\nNext: sitegen build${path.dirname(result.siteConfig) === process.cwd() ? '' : ` --config ${rel(result.siteConfig)}`}`);
  return result;
}
