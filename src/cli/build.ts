import path from 'node:path';
import { build, type StageTiming } from '../builder/build.js';
import { formatProblem } from '../builder/errors.js';

export async function runBuild(opts: { config: string; locale?: string; outDir?: string; json?: boolean }): Promise<void> {
  const tty = process.stdout.isTTY && !process.env.CI && !opts.json;
  const log = (line: string) => {
    if (!opts.json) console.log(line);
  };
  const onStage = (t: StageTiming) => log(`${tty ? '\u001b[2m' : ''}  ${t.stage.padEnd(8)} ${t.ms.toFixed(0).padStart(6)} ms${tty ? '\u001b[0m' : ''}`);
  log(`sitegen build ${path.relative(process.cwd(), path.resolve(opts.config)) || opts.config}${opts.locale ? ` (locale ${opts.locale})` : ''}`);
  const result = await build({ configFile: opts.config, outDir: opts.outDir, locale: opts.locale, onStage });
  for (const w of result.warnings) log(`  \u26a0 ${formatProblem(w)}`);
  const seconds = (result.ms / 1000).toFixed(2);
  if (opts.json) {
    console.log(JSON.stringify({ ok: true, outDir: result.outDir, pages: result.pages, locales: result.locales, warnings: result.warnings, timings: result.timings, seconds: Number(seconds) }, null, 2));
    return;
  }
  log(`\u2714 ${result.pages} pages, ${result.locales.length} locale${result.locales.length > 1 ? 's' : ''} (${result.locales.join(', ')}), ${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'}, ${seconds} s → ${path.relative(process.cwd(), result.outDir ?? '') || '.'}`);
}
