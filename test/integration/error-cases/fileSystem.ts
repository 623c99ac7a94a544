// Rows of the error table: the output folder and the machine (a dangling symlink, a name too long,
// a read-only or full disk, an immutable folder) and code that throws while it loads.
import type { ErrorCase } from './types.js';

export const fileSystemCases: ErrorCase[] = [];
