import type { Problem } from '../errors.js';
import type { AssetRegistry } from '../render/markdownContext.js';
import type { RenderedRoute, SiteModel } from '../plugins/api.js';
import type { Diagrams } from '../diagrams/types.js';
import type { MdxBundleResult } from '../mdx/bundle.js';
import type { TextCounts } from '../parallel/sharedTexts.js';

// The values the pipeline's stages hand each other (see README.md). A stage takes what earlier stages
// returned and returns new values, its problems among them: no stage writes into another's result,
// and no collector is shared between stages. The caller (build, check-links, dev) decides when
// errors stop the run.

/** What a stage found wrong: errors (the run fails on them, all at once) and warnings, in the order found. */
export interface Problems {
  readonly errors: readonly Problem[];
  readonly warnings: readonly Problem[];
}

/** Runs one named stage and records its time. */
export type StageTimer = <T>(stage: string, fn: () => T | Promise<T>) => Promise<T>;

export interface StageTiming {
  stage: string;
  ms: number;
}

/** What the content stages (parse → plan → mdx → render, the diagrams drawn beside it) return, shared by build and check-links. */
export interface ContentStages {
  site: SiteModel;
  rendered: RenderedRoute[];
  assets: AssetRegistry;
  /** The site's diagrams as drawn (`markdown.mermaid`), for the dev server's quick re-renders. */
  diagrams?: Diagrams;
  /** The islands the pages hold (module#export, sorted): the browser bundle ships their code. */
  islands: string[];
  /** The bundle of the markdown files' code, when some hold code: its asset files and stylesheets. */
  mdx?: MdxBundleResult;
  /** The code of each markdown file that holds some (mdx/module.ts): an island that is a slot ships its file's. */
  markdownModules: Map<string, string>;
  /** The problems of every content stage, in stage order (errors only when the caller let them through). */
  problems: Problems;
  /** Files parsed and rendered, and those that took an identical text's parse or render. */
  texts: TextCounts;
}
