// Types of the plain-JS bundle rewrites (bundleText.js), for the TypeScript that imports them (the worker threads' bundler).
export declare const ASCII_MARK: string;
export declare function asciiMarked(bytes: Buffer): boolean;
export declare function asciiOnly(code: string): string;
export declare function markedAscii(code: string): string;
export declare function bundleSource(bytes: Buffer): string;
export declare const ONE_NAMESPACE: string;
export declare function oneNamespaceEach(code: string): string;
