import * as z from 'zod';

// A sidebar category's `link` (Docusaurus's): the category opens a doc, or a generated index of its
// items as cards. One schema for both places a category is written: a sidebars file (sidebarsConfig.ts)
// and a folder's _category_.json / _category_.yml (content.ts, where `null` also means no link).

export const categoryLinkSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('doc'), id: z.string() }),
  z.strictObject({
    type: z.literal('generated-index'),
    slug: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    image: z.string().optional(),
    keywords: z.union([z.string(), z.array(z.string())]).optional(),
  }),
]);

export type CategoryLinkConfig = z.output<typeof categoryLinkSchema>;
