// Types of the plain-JS launcher module, for the TypeScript that imports it (the benchmark).
export declare const NODE_FLAGS: string[];
export declare const packageRoot: string;
export declare function cliKey(): string;
export declare function loadCli(options?: { codeCache?: boolean; flags?: string[] }): Promise<typeof import('../src/cli/main.js')>;
export declare function asciiOnly(code: string): string;
