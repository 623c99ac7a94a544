// The one place that reaches into remark-gfm's internals (its extension lists), for the two parse
// speed-ups in parse.ts. Written for the versions in GFM_VERSIONS; test/unit/builder/markdown/
// gfmAdapter.test.ts fails when an installed version differs, and each function below throws when the
// shape it expects is not there, so a change of remark-gfm is noticed instead of silently mis-parsing.
//
// GFM's literal autolinks (bare urls and emails in text) cost about a quarter of a parse:
// - After parsing, a transform runs four regular expressions over every text. `withoutAutolinkTransform`
//   takes it out of the processor so that parse.ts can run it on candidate nodes only.
// - While tokenizing, an email construct is tried at every letter and digit of text.
//   `withoutEmailAutolinkSyntax` removes it, for documents whose source holds no "@".
import type { Root } from 'mdast';
import type { Processor } from 'unified';

/** The packages whose internal shape this module relies on, at the versions it was written for. */
export const GFM_VERSIONS = {
  'remark-gfm': '4.0.1',
  'mdast-util-gfm-autolink-literal': '2.1.0',
  'micromark-extension-gfm-autolink-literal': '2.1.0',
} as const;

export type Transform = (tree: Root) => Root | undefined | void;
interface FromMarkdownExt {
  enter?: Record<string, unknown>;
  transforms?: Transform[];
}
type FromMarkdownExts = (FromMarkdownExt | FromMarkdownExts)[];
type Construct = { name?: string };
type TextConstructs = Record<string, Construct | Construct[] | undefined>;

const shapeChanged = (what: string) =>
  new Error(
    `Internal error: ${what} changed shape (src/builder/markdown/gfmAdapter.ts was written for ${Object.entries(GFM_VERSIONS)
      .map(([p, v]) => `${p}@${v}`)
      .join(', ')})`,
  );

/**
 * A unified plugin (use it right after remark-gfm) that removes the literal-autolink transform from
 * the processor and hands it to `take` (to be run by the caller on the nodes that may match).
 */
export function withoutAutolinkTransform(take: (transform: Transform) => void) {
  return function (this: Processor) {
    let taken = false;
    const strip = (ext: FromMarkdownExt | FromMarkdownExts): FromMarkdownExt | FromMarkdownExts => {
      if (Array.isArray(ext)) return ext.map(strip);
      if (!ext.enter || !('literalAutolink' in ext.enter)) return ext;
      if (ext.transforms?.length !== 1) throw shapeChanged('the GFM autolink extension');
      take(ext.transforms[0]);
      taken = true;
      return { ...ext, transforms: [] };
    };
    const data = this.data() as { fromMarkdownExtensions?: FromMarkdownExts };
    data.fromMarkdownExtensions = data.fromMarkdownExtensions?.map(strip) as FromMarkdownExts | undefined;
    if (!taken) throw shapeChanged('the GFM autolink extension (not found)');
  };
}

/** A unified plugin (after remark-gfm) that drops the email-autolink construct from text tokenizing. */
export function withoutEmailAutolinkSyntax(this: Processor) {
  const data = this.data() as { micromarkExtensions?: { text?: TextConstructs }[] };
  const isEmail = (c: Construct) => c.name === 'emailAutolink';
  let dropped = false;
  data.micromarkExtensions = data.micromarkExtensions?.map((ext) => {
    if (!ext.text) return ext;
    const text: TextConstructs = {};
    for (const [code, value] of Object.entries(ext.text)) {
      const kept = Array.isArray(value) ? value.filter((c) => !isEmail(c)) : value && !isEmail(value) ? value : undefined;
      if (kept !== value && (!Array.isArray(value) || (kept as Construct[]).length !== value.length)) dropped = true;
      if (Array.isArray(kept) ? kept.length : kept) text[code] = kept;
    }
    return { ...ext, text };
  });
  if (!dropped) throw shapeChanged('the GFM email autolink construct (not found)');
}
