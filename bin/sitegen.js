#!/usr/bin/env node
// Launcher: runs the TypeScript CLI, bundled with esbuild on first use (and after any source change)
// into node_modules/.cache (see cli-bundle.js). No global tools and no separate compile step are needed.
import { loadCli } from './cli-bundle.js';

// React renders in its production build unless asked otherwise (the dev server sets its own mode).
process.env.NODE_ENV ??= 'production';

const { main } = await loadCli();
await main(process.argv);
