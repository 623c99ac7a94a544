import { z } from 'zod';
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

export function validateFrontMatter<T extends z.ZodType>(schema: T, data: Record<string, unknown>, file: string): z.output<T> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
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
