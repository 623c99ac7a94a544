import * as z from 'zod';

// The search pass's options (`search` of the site config): what is indexed, in which languages, and
// how the navbar bar shows results. config/schema.ts composes this into the site config.

export const searchSchema = z.strictObject({
  enabled: z.boolean().default(true),
  /** Languages of the index: `en` always, `zh` adds Chinese segmentation. */
  language: z.array(z.enum(['en', 'zh'])).default(['en']),
  indexDocs: z.boolean().default(true),
  indexBlog: z.boolean().default(true),
  indexPages: z.boolean().default(false),
  searchResultLimits: z.number().int().min(1).max(50).default(8),
  searchResultContextMaxLength: z.number().int().min(10).max(200).default(50),
  searchBarShortcutHint: z.boolean().default(true),
});
