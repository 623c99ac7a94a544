import { Command, Option } from 'commander';
import { SitegenError, formatProblem } from '../builder/errors.js';
import { runBuild } from './build.js';
import { runClear } from './clear.js';
import { runServe } from './serve.js';
import { runForms, runFormsExport, runFormsOutbox } from './forms.js';
import { runCheckLinks } from './checkLinks.js';
import { runDev } from './dev.js';
import { runWriteTranslations } from './writeTranslations.js';
import { runDocsVersion } from './docsVersion.js';
import { runInit } from './init.js';
import { watchLauncher } from '../builder/output/launcher.js';
import { DirSink } from '../builder/output/sink.js';
import { packageVersion } from '../builder/paths.js';
import { resolveConfigFile } from '../builder/config/docusaurus/configFile.js';

/** Entry of the `sitegen` command. Errors a user can fix are printed without a stack trace. */
export async function main(argv: string[]): Promise<void> {
  // Started by bin/sitegen.js in a node of its own: die with it, leaving the output as it was.
  const launcher = Number(process.env.SITEGEN_LAUNCHER_PID);
  if (launcher > 0) {
    watchLauncher({
      pid: launcher,
      onGone: () => {
        DirSink.discardAllSync();
        console.error('sitegen: the process that started this build is gone; stopped without writing the output.');
        process.exit(1);
      },
    });
  }
  const program = new Command();
  program
    .name('sitegen')
    .description('A fast static-site generator for documentation sites, in TypeScript and React.')
    .version(packageVersion(), '-V, --version', "print sitegen's version")
    .showHelpAfterError();
  // No site.config.ts: the folder's docusaurus.config.* is read as it stands, by every command.
  program.hook('preAction', (_program, command) => {
    for (const c of [command, command.parent]) {
      const given = c?.opts().config;
      if (c && typeof given === 'string') c.setOptionValue('config', resolveConfigFile(given));
    }
  });

  program
    .command('build')
    .description('Build the site into static files')
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .option('-l, --locale <locale>', 'build only this locale')
    .option('-o, --out-dir <dir>', 'output folder (default: the config outDir, "build")')
    .option('--force-out-dir', 'replace the output folder even when it is not an earlier sitegen build (never the site, its sources, / or the home folder)')
    .addOption(new Option('--json', 'print the build result as JSON (for scripts)'))
    .option('--threads <n>', 'worker threads for parsing and rendering (default: none below 1,200 markdown files, else one per 600, up to all cores)')
    .option('--no-cache', 'build without reading or writing the build cache (node_modules/.cache/sitegen)')
    .option('--cache-max-size <MB>', 'bound of the build cache in MB, least recently used files removed first (default: the config cacheMaxSize, else 500)')
    .action(async (opts) => runBuild(opts));

  program
    .command('clear')
    .description('Remove the build cache (node_modules/.cache/sitegen) and the output folder of the last build')
    .option('-c, --config <file>', 'site config file (for the output folder)', 'site.config.ts')
    .action(async (opts) => runClear(opts));

  program
    .command('serve')
    .description('Serve a built site locally, with the production url rules')
    .option('-d, --dir <dir>', 'folder of the build', 'build')
    .option('-p, --port <port>', 'port', '3000')
    .option('-H, --host <host>', 'host to listen on', '127.0.0.1')
    .option('-c, --config <file>', 'site config file (for the base url)', 'site.config.ts')
    .action(async (opts) => runServe(opts));

  program
    .command('dev')
    .description('Build in memory, serve, and rebuild and reload the open pages on every change')
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .option('-l, --locale <locale>', 'build only this locale')
    .option('-p, --port <port>', 'port', '3000')
    .option('-H, --host <host>', 'host to listen on', '127.0.0.1')
    .option('--no-cache', 'do not read or write the build cache on disk')
    .action(async (opts) => runDev(opts));

  program
    .command('check-links')
    .description('Check every internal link and anchor from the sources, without writing a site (exit code 1 when one is broken)')
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .option('-l, --locale <locale>', 'check only this locale')
    .option('--no-cache', 'parse every markdown file again instead of reusing the parse cache')
    .addOption(new Option('--json', 'print the report as JSON'))
    .action(async (opts) => runCheckLinks(opts));

  const forms = program
    .command('forms')
    .description('Run the form receiver on its own (POST <forms.endpoint>/<name>); `serve` and `dev` include it')
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .option('-p, --port <port>', 'port', '3001')
    .option('-H, --host <host>', 'host to listen on', '127.0.0.1')
    .action(async (opts) => runForms(opts));
  forms
    .command('export <name>')
    .description('Print the stored submissions of a form')
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .option('-f, --format <format>', 'csv or json', 'csv')
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .option('--all', 'subscription forms: every address with its state, not only the confirmed subscribers')
    // `forms` declares -c too, and commander gives an option written after the subcommand to the parent
    // when both declare it: `forms export x --config y` sets the parent's. Take whichever was written.
    .action(async (name: string, opts, cmd: Command) => {
      const config = cmd.getOptionValueSource('config') === 'cli' ? opts.config : (cmd.parent!.opts().config as string);
      return runFormsExport(name, { ...opts, config });
    });
  forms
    .command('outbox [action]')
    .description('List the mails waiting to be sent or failed; `outbox retry` queues the failed ones again')
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .option('--all', 'list the sent mails too')
    .action(async (action: string | undefined, opts, cmd: Command) => {
      if (action !== undefined && action !== 'retry')
        throw new SitegenError(`Unknown outbox action "${action}"`, [{ message: 'the actions are: (none) to list, retry', hint: 'Run `sitegen forms outbox` or `sitegen forms outbox retry`.' }]);
      const config = cmd.getOptionValueSource('config') === 'cli' ? opts.config : (cmd.parent!.opts().config as string);
      return runFormsOutbox({ config, all: opts.all, retry: action === 'retry' });
    });

  program
    .command('write-translations')
    .description('Write or update the translation files of a locale with every translatable string (existing translations are kept)')
    .requiredOption('-l, --locale <locale>', 'the locale to write')
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .action(async (opts) => runWriteTranslations(opts));

  program
    .command('docs:version <name>')
    .description('Snapshot the current docs, sidebars and translations as version <name> (versioned_docs/, versioned_sidebars/, versions.json), as `docusaurus docs:version` does')
    .option('--plugin-id <id>', 'the docs instance to version (its `id`)', 'default')
    .option('-c, --config <file>', 'site config file', 'site.config.ts')
    .action(async (name: string, opts) => {
      await runDocsVersion(name, opts);
    });

  program
    .command('init [dir]')
    .description('Write site.config.ts for a Docusaurus site from its docusaurus.config.{js,mjs,ts} (the content stays where it is) and list what could not be carried over')
    .option('--from-docusaurus', 'read the Docusaurus config of [dir] (default: this folder)')
    .option('--force', 'replace an existing site.config.ts')
    .action(async (dir: string | undefined, opts) => {
      await runInit(dir, opts);
    });

  try {
    await program.parseAsync(argv);
  } catch (e) {
    process.exitCode = 1;
    if (e instanceof SitegenError) {
      console.error(`\n\u001b[31m✖ ${e.title}\u001b[0m`);
      for (const p of e.problems) console.error(`  ${formatProblem(p).replace(/\n/g, '\n  ')}`);
      console.error('');
    } else {
      console.error(e);
    }
  }
}

// For the benchmark, which measures builds through this bundle, as the CLI runs them.
export { build } from '../builder/build.js';
export { createBuildCache } from '../builder/cache.js';
