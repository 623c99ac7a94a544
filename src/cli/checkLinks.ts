import path from 'node:path';
import { optionsFor } from '../builder/passes/linkReport.js';
import { checkSiteLinks, type CheckLinksOptions } from '../builder/pipeline/checkLinks.js';
import type { Problem } from '../builder/errors.js';
import { docusaurusConfigLine } from '../builder/config/docusaurus/configFile.js';

// `sitegen check-links`: the checking is the builder's (builder/pipeline/checkLinks.ts); this prints its report.

/** `sitegen check-links`: prints file:line:column → target (with the closest route), exit code 1 when anything is broken. */
export async function runCheckLinks(opts: CheckLinksOptions & { json?: boolean }): Promise<void> {
  const docusaurus = opts.json ? undefined : docusaurusConfigLine(opts.config);
  if (docusaurus) console.log(docusaurus);
  const report = await checkSiteLinks(opts);
  if (!report.ok) process.exitCode = 1;
  if (opts.json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  const line = (p: Problem) => {
    const file = p.file ? path.relative(process.cwd(), p.file) || p.file : '(site)';
    return `${file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''} ${p.message}${p.hint ? `\n    ${p.hint}` : ''}`;
  };
  const byPlace = (a: Problem, b: Problem) => (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
  for (const p of [...report.errors].sort(byPlace)) console.log(line(p));
  // Those the config only warns about ('warn') are listed too; they do not change the exit code.
  for (const p of [...report.brokenLinks].sort(byPlace)) console.log(line(p));
  for (const p of [...report.brokenAnchors].sort(byPlace)) console.log(line(p));
  const seconds = (report.ms / 1000).toFixed(2);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const warned = [...report.brokenLinks, ...report.brokenAnchors].filter((p) => !report.failing.includes(p));
  // Each summary names the option that decides about what it counts.
  if (report.ok && warned.length) {
    console.log(`\u2714 ${count(report.links, 'link')} in ${count(report.pages, 'page')}, ${count(warned.length, 'warning')} above (${optionsFor(report, warned)}: 'warn') (${seconds} s)`);
  } else if (report.ok) {
    console.log(`\u2714 ${count(report.links, 'link')} in ${count(report.pages, 'page')}, none broken (${seconds} s)`);
  } else {
    const parts = [
      report.brokenLinks.length ? count(report.brokenLinks.length, 'broken link') : '',
      report.brokenAnchors.length ? count(report.brokenAnchors.length, 'broken anchor') : '',
      report.errors.length ? count(report.errors.length, 'error') : '',
    ].filter(Boolean);
    const relax = report.failing.length ? `; set ${optionsFor(report, report.failing)}: 'warn' to pass anyway` : '';
    console.log(`\u2716 ${parts.join(', ')} in ${count(report.pages, 'page')} (${seconds} s${relax})`);
  }
}
