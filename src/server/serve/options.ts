import * as z from 'zod';

// `sitegen serve`'s options (`serve` of the site config). A leaf (zod only): the build's config schema
// (src/builder/config/schema.ts) composes it, as it does the form receiver's options.

/** The directives a site may extend with its own sources (`serve.csp`). */
export const CSP_DIRECTIVES = ['default-src', 'script-src', 'style-src', 'img-src', 'media-src', 'frame-src', 'font-src', 'connect-src', 'worker-src', 'manifest-src', 'form-action'] as const;

export type CspDirective = (typeof CSP_DIRECTIVES)[number];

const sources = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

export const serveSchema = z
  .strictObject({
    /**
     * Sources added to the Content-Security-Policy `sitegen serve` sends, per directive: what the site's
     * code reaches that its config does not name (an API a component fetches: `'connect-src':
     * ['https://api.example.com']`). A request the policy blocks during `serve` is printed with the
     * directive and source to add here.
     */
    csp: z.partialRecord(z.enum(CSP_DIRECTIVES), sources).default({}),
  })
  .default({ csp: {} });

export type ServeConfig = z.output<typeof serveSchema>;
