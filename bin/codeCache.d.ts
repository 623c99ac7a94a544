// Types of the plain-JS code-cache module, for the TypeScript that imports it (the server renderer).
import type vm from 'node:vm';
export declare function scriptWithCodeCache(source: string, options: { filename: string; cacheFile: string; write: boolean }): vm.Script;
export declare function writeCodeCache(script: vm.Script, cacheFile: string): boolean;
export declare function flagsKey(runtimeFlags?: string[]): string;
export declare function processFlagsKey(): string;
export declare function partialRun(): void;
