#!/usr/bin/env node
// Launcher: runs the TypeScript CLI, bundled with esbuild on first use (and after any source change)
// into node_modules/.cache (see cli-bundle.js). No global tools and no separate compile step are needed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadCli, NODE_FLAGS } from './cli-bundle.js';
import { buildsWarm, markFile, MARK_ENV, setRuntimeFlags } from './launch-mode.js';

// `build` and `check-links` run in a node started with the options they are fastest with (see
// NODE_FLAGS): this process only passes the exit code and signals on. The servers run here as they are,
// and so does a build that its last run left warm (launch-mode.js), with the flags V8 takes at run time.
const RELAUNCH = new Set(['build', 'check-links']);
const launched = RELAUNCH.has(process.argv[2]) && !process.env.SITEGEN_RELAUNCHED;
// The build marks its command warm once it has written its cache (src/cli/build.ts).
if (launched && process.argv[2] === 'build') process.env[MARK_ENV] = markFile();
const here = launched && process.argv[2] === 'build' && buildsWarm(process.env[MARK_ENV]);
if (launched && !here) {
  const child = spawn(process.execPath, [...NODE_FLAGS, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    // The child watches this process id: killed (even with kill -9), this process takes the build with it.
    env: { ...process.env, SITEGEN_RELAUNCHED: '1', SITEGEN_LAUNCHER_PID: String(process.pid) },
  });
  const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const forward = (signal) => child.kill(signal);
  for (const signal of SIGNALS) process.on(signal, forward);
  child.on('error', (e) => {
    console.error(`Cannot start node again for sitegen: ${e.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const s of SIGNALS) process.off(s, forward);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
} else {
  // React renders in its production build unless asked otherwise (the dev server sets its own mode).
  process.env.NODE_ENV ??= 'production';
  const flags = here ? setRuntimeFlags() : [];
  const { main } = await loadCli({ codeCache: true, flags });
  await main(process.argv);
}
