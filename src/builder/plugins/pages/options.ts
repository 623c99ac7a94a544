import * as z from 'zod';
import { GLOB_EXCLUDE_DEFAULT, PAGES_INCLUDE_DEFAULT } from '../../../shared/contentGlobs.js';

// The pages plugin's options (`pages` of the site config): the folder of React and markdown pages and
// the globs of its files, or false for none. config/schema.ts composes this into the site config.

export const pagesSchema = z
  .union([
    z.literal(false),
    z.strictObject({
      path: z.string().default('src/pages'),
      /** Globs relative to the pages folder: the files that are pages (Docusaurus's options and defaults); a .d.ts, a .spec file or the folder's README.md never is one. */
      include: z.array(z.string()).default(PAGES_INCLUDE_DEFAULT),
      exclude: z.array(z.string()).default(GLOB_EXCLUDE_DEFAULT),
    }),
  ])
  .default({ path: 'src/pages', include: PAGES_INCLUDE_DEFAULT, exclude: GLOB_EXCLUDE_DEFAULT });
