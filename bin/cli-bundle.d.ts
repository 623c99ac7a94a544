// Types of the plain-JS launcher module, for the TypeScript that imports it (the benchmark).
export declare const NODE_FLAGS: string[];
export declare const packageRoot: string;
export declare const cacheRoot: string;
export declare function cliKey(): string;
export declare function loadCli(options?: { codeCache?: boolean; flags?: string[] }): Promise<typeof import('../src/cli/main.js')>;
export declare function asciiOnly(code: string): string;
export declare function sourceFiles(dir?: string): { rel: string; size: number; mtimeMs: number }[];
export declare function oneNamespaceEach(code: string): string;
export declare const ONE_NAMESPACE: string;
export declare const LAZY_MODULES: string[];
export declare const LAZY_NAMESPACE: string;
export declare function lazyModules(code: string): string;
export declare const nodemailerOutside: import('esbuild').Plugin;
export declare const lightningcssOnFirstCall: import('esbuild').Plugin;
export declare const ASCII_MARK: string;
export declare function asciiMarked(bytes: Buffer): boolean;
