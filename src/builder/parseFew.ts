// Zod's parse options for a schema that parses a handful of values per build (the config, its navbar
// items, a tags file, the blog's authors, the docs' category files): without zod's compiled fast path.
// At its first parse, zod 4 compiles each object schema's parser (`new Function`, then V8 compiles
// that), which pays off over thousands of values (front matter keeps it), not over a few: the config
// stage of a warm Shifu build took 56 ms of CPU with it, 15 ms without (medians of 6 builds
// alternating, 16:25 UTC, load 13), with the same result (zod's fast path is a copy of its parser).
import type { core } from 'zod';

export const PARSE_FEW: core.ParseContext<core.$ZodIssue> = { jitless: true };
