// Types of the plain-JS launcher module, for the TypeScript that imports it (the benchmark).
export declare const NODE_FLAGS: string[];
export declare function loadCli(options?: { codeCache?: boolean }): Promise<typeof import('../src/cli/main.js')>;
