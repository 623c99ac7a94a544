// Types of the plain-JS launch-mode module, for the TypeScript that imports it (the cache tests).
export declare const MARK_ENV: string;
export declare function markFile(argv?: string[], options?: { cwd?: string; env?: Record<string, string | undefined> }): string;
export declare function buildsWarm(mark: string): boolean;
export declare function setRuntimeFlags(): string[];
