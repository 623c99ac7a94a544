import { handleHtml, type HtmlState } from './htmlHandler.js';
import { serveRequests } from './serveRequests.js';

// A thread of the HTML stage (executor.ts starts them fresh once the markdown is rendered): renders
// pages with the server bundle and writes them. It loads only that code: the whole build worker
// (worker.ts, 1.9 MB with remark, micromark and refractor) cost each such thread about 0.1 s of CPU
// more to load, for code it never runs.

let state: HtmlState = {};

serveRequests(async (req) => {
  if (req.type === 'html') return handleHtml(state, req.shared, req.jobs);
  if (req.type === 'reset') state = {};
  else throw new Error(`An HTML thread cannot take a ${req.type} job`);
});
