// Types of the package-code changes sitegen's bundles make (bundlePatches.js), for the TypeScript that imports them (the worker threads' bundler).
import type { Plugin } from 'esbuild';
export declare const fromMarkdownThis: Plugin;
export declare const PACKAGE_PATCHES: Plugin[];
