// Rows of the error table: content and config whose error blamed the wrong file or no line, and bad
// input that was accepted without a word.
import type { ErrorCase } from './types.js';

export const contentCases: ErrorCase[] = [];
