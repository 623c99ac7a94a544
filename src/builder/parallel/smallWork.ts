// A warm build's few jobs done on this thread instead of starting a worker thread for them (executor.ts):
// the same handlers as a thread's (handlers.ts, htmlHandler.ts), with a state of this thread's own.
//
// A thread costs its start whatever it is given (its own V8, the worker's modules: 0.2-0.4 s of CPU
// each), and a one-doc edit of the versioned benchmark site started two of them for one file's parse
// and render and one page's HTML. This thread has the markdown code loaded already, and the HTML
// code costs it what it costs a thread, without the thread's start. The versioned benchmark site, one
// doc edited, 3 `sitegen build` processes each alternating with the build before (10:50 UTC, load
// 10-15): CPU 5.16/5.26 -> 3.85/4.39 s (least/median), the parse stage 374/416 -> 102/149 ms, the
// HTML stage (React loaded here instead of on a thread) 365/464 -> 312/347 ms.
import { newState, fileParser, handleSpecs, prepareMarkdown, handleMarkdown, type WorkerState } from './handlers.js';
import { handleHtml } from './htmlHandler.js';
import { markdownJobKey, type HtmlJob, type HtmlResult, type HtmlShared, type MarkdownJob, type MarkdownResult, type ParseResult } from './protocol.js';
import type { MarkdownContextSpec } from '../render/markdownContext.js';
import type { MarkdownParseOptions } from '../markdown/parse.js';

/** Up to how many files to parse, markdown jobs to render and pages to render to HTML here, when no thread runs yet. */
export const SMALL_WORK = { parse: 8, markdown: 16, html: 16 };

export class SmallWork {
  private state?: WorkerState;
  private specs?: MarkdownContextSpec[];
  /** The shared render data of the last HTML jobs done here. */
  private htmlShared?: HtmlShared;

  private get own(): WorkerState {
    return (this.state ??= newState());
  }

  parse(files: string[], options: MarkdownParseOptions, texts?: ReadonlyMap<string, string>): ParseResult[] {
    return files.map(fileParser(this.own, undefined, options, texts));
  }

  /** The render specs, applied when this thread first renders. */
  setSpecs(specs: MarkdownContextSpec[]): void {
    this.specs = specs;
    if (this.state) handleSpecs(this.state, specs);
  }

  /** `options`: the build's parse options, for the files this thread parses again to render them. */
  async renderMarkdown(jobs: MarkdownJob[], options: MarkdownParseOptions | undefined): Promise<Map<string, MarkdownResult>> {
    const fresh = !this.state;
    const state = this.own;
    if (fresh && this.specs) handleSpecs(state, this.specs);
    if (options) state.parseOptions = options;
    await prepareMarkdown(state, jobs);
    const results = handleMarkdown(state, jobs);
    return new Map(jobs.map((j, i) => [markdownJobKey(j), results[i]]));
  }

  /**
   * The pages' HTML, with the markup back (the caller writes the documents). The same shared data as
   * the last call's (the next batch of one stage: executor.ts besideThread) is not handed over again,
   * as a thread is given it with its first batch only: handleHtml would start its state afresh, and
   * the sidebar markup drawn so far (sidebarMarkup.ts) with it, every 12 pages.
   */
  renderHtml(shared: HtmlShared, jobs: HtmlJob[]): Promise<HtmlResult[]> {
    const fresh = shared !== this.htmlShared;
    this.htmlShared = shared;
    return handleHtml(this.own, fresh ? { ...shared, documents: undefined } : undefined, jobs);
  }
}
