import * as z from 'zod';
import { SitegenError } from '../errors.js';
import { describeIssue } from '../config/navbarItems.js';
import { frontMatterKeyLineOf } from './frontMatterLines.js';

// Front matter is validated once, at the edge. Unknown keys are allowed (authors keep Docusaurus keys
// we do not use), but a known key with the wrong type is an error with the file.

const stringish = z.union([z.string(), z.number()]).transform(String);
const tags = z.array(z.union([z.string(), z.strictObject({ label: z.string(), permalink: z.string().optional() })])).optional();

/** Shown instead of git's with showLastUpdateTime / showLastUpdateAuthor (a YAML date is read as one). */
const lastUpdate = z
  .strictObject({
    date: z
      .union([z.string(), z.date()])
      .refine((d) => !Number.isNaN(new Date(d).getTime()), 'not a date (write it as 2024-05-30)')
      .optional(),
    author: z.string().optional(),
  })
  .optional();

export const docFrontMatterSchema = z.looseObject({
  id: stringish.optional(),
  title: stringish.optional(),
  sidebar_label: stringish.optional(),
  sidebar_position: z.number().optional(),
  pagination_label: stringish.optional(),
  description: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  slug: z.string().optional(),
  tags,
  image: z.string().optional(),
  unlisted: z.boolean().optional(),
  draft: z.boolean().optional(),
  hide_title: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  pagination_next: z.union([z.string(), z.null()]).optional(),
  pagination_prev: z.union([z.string(), z.null()]).optional(),
  sidebar_class_name: z.string().optional(),
  sidebar_custom_props: z.record(z.string(), z.unknown()).optional(),
  displayed_sidebar: z.union([z.string(), z.null()]).optional(),
  custom_edit_url: z.union([z.string(), z.null()]).optional(),
  /** false: the file and folder names give the id, slug and position whole, number prefixes included (Docusaurus's key). */
  parse_number_prefixes: z.boolean().optional(),
  last_update: lastUpdate,
});

const author = z.union([
  z.string(),
  z.looseObject({
    name: z.string().optional(),
    title: z.string().optional(),
    url: z.string().optional(),
    image_url: z.string().optional(),
    imageURL: z.string().optional(),
    key: z.string().optional(),
  }),
]);

export const blogFrontMatterSchema = z.looseObject({
  title: stringish.optional(),
  title_meta: z.string().optional(),
  description: z.string().optional(),
  slug: z.string().optional(),
  date: z.union([z.string(), z.date()]).optional(),
  authors: z.union([author, z.array(author)]).optional(),
  author: z.string().optional(),
  author_title: z.string().optional(),
  author_url: z.string().optional(),
  author_image_url: z.string().optional(),
  tags,
  keywords: z.array(z.string()).optional(),
  image: z.string().optional(),
  draft: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  last_update: lastUpdate,
});

export const pageFrontMatterSchema = z.looseObject({
  title: stringish.optional(),
  description: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  image: z.string().optional(),
  hide_table_of_contents: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  draft: z.boolean().optional(),
});

export type DocFrontMatter = z.output<typeof docFrontMatterSchema>;
export type BlogFrontMatter = z.output<typeof blogFrontMatterSchema>;

/**
 * `data` checked against `schema`: its value as the schema makes it, or a SitegenError at the file's
 * lines. A valid front matter of plain data (plainKey) is checked once per process and schema: the
 * others of the same text share its value (read only, as every stage's values). The versioned
 * benchmark site plans 2,640 docs (a release's copies, a locale's fallbacks) of 814 distinct front
 * matters: checking each took 56-61 ms of CPU of a warm build's plan (11:29 UTC, load 9).
 */
export function validateFrontMatter<T extends z.ZodType>(schema: T, data: Record<string, unknown>, file: string): z.output<T> {
  const key = plainKey(data);
  let known = key === undefined ? undefined : validated.get(schema);
  const hit = key === undefined ? undefined : known?.get(key);
  if (hit !== undefined) return hit as z.output<T>;
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) {
    if (key !== undefined) {
      if (!known) validated.set(schema, (known = new Map()));
      // A long-lived process (the dev server) starts again rather than keep every text it met.
      if (known.size >= MAX_VALIDATED) known.clear();
      known.set(key, result.data);
    }
    return result.data;
  }
  throw new SitegenError(
    'Invalid front matter',
    result.error.issues.map((issue) => ({
      message: `${issue.path.join('.')}: ${describeIssue(issue)}`,
      file,
      line: frontMatterKeyLineOf(file, issue.path) ?? 1,
      hint: 'Fix the value in the YAML block at the top of the file.',
    })),
  );
}

/** Valid front matters by schema, by plainKey. */
const validated = new WeakMap<z.ZodType, Map<string, unknown>>();
const MAX_VALIDATED = 20_000;

/**
 * A key that only front matters of the same value have: JSON, when `data` is plain data that JSON
 * holds as it is (strings, finite numbers but -0, booleans, null, arrays, plain objects); undefined
 * otherwise (a YAML date is a Date: JSON would make it a string; .nan and .inf would be null).
 */
export function plainKey(data: unknown): string | undefined {
  return plain(data, 0) ? JSON.stringify(data) : undefined;
}

function plain(v: unknown, depth: number): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (typeof v !== 'object' || depth > 8) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!(i in v) || !plain(v[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key of Object.keys(v)) if (key === '__proto__' || !plain((v as Record<string, unknown>)[key], depth + 1)) return false;
  return true;
}
