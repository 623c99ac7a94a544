import type http from 'node:http';
import { CSP_DIRECTIVES } from './options.js';

// Where the browser reports what the Content-Security-Policy of `sitegen serve` blocked (its
// `report-uri`): each blocked source is printed once, with the directive to extend and the line of
// the site config that allows it (`serve.csp`; in a Docusaurus config read as it stands,
// `customFields.sitegen.serve.csp`), so that a site reaching an API, a font or a calendar
// its config does not name learns how to allow it instead of finding it silently broken.

export const CSP_REPORT_PATH = '/__sitegen/csp-report';
const MAX_BODY = 64 * 1024;

/**
 * Answers the reports (POST to CSP_REPORT_PATH); returns false for any other request. `docusaurusConfig`:
 * the name of the Docusaurus config the site is read from, when it has no config of sitegen's.
 */
export function cspReportReceiver(log: (line: string) => void, options: { docusaurusConfig?: string } = {}): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const told = new Set<string>();
  return (req, res) => {
    if ((req.url ?? '').split('?')[0] !== CSP_REPORT_PATH) return false;
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return true;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      res.writeHead(204).end();
      for (const report of reportsIn(Buffer.concat(chunks).toString('utf8'))) {
        const line = describe(report, options.docusaurusConfig);
        if (line && !told.has(line)) {
          told.add(line);
          log(line);
        }
      }
    });
    return true;
  };
}

interface Report {
  directive: string;
  blocked: string;
  page: string;
}

/** The reports of a body: report-uri's `{ "csp-report": {...} }`, or the Reporting API's list of `{ body: {...} }`. */
function reportsIn(text: string): Report[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  const bodies = Array.isArray(data) ? data.map((r) => (r as { body?: unknown }).body) : [(data as { 'csp-report'?: unknown })?.['csp-report']];
  return bodies.flatMap((b) => {
    if (!b || typeof b !== 'object') return [];
    const r = b as Record<string, unknown>;
    const directive = String(r['effective-directive'] ?? r.effectiveDirective ?? r['violated-directive'] ?? '').split(' ')[0];
    const blocked = String(r['blocked-uri'] ?? r.blockedURL ?? '');
    const page = String(r['document-uri'] ?? r.documentURL ?? '');
    return directive ? [{ directive, blocked, page }] : [];
  });
}

/** The message for one blocked source: what, where, and the `serve.csp` entry that allows it. */
function describe(report: Report, docusaurusConfig: string | undefined): string | undefined {
  const directive = report.directive.replace(/-(elem|attr)$/, '');
  let source: string;
  try {
    source = new URL(report.blocked).origin;
  } catch {
    // "inline", "eval", "data"...: not a host to allow; say what it was.
    return `Content-Security-Policy blocked ${report.blocked || 'a resource'} (${report.directive}) on ${pathOf(report.page)}: sitegen serve allows no inline script or eval; move the code into a file of the site.`;
  }
  const allowed = (CSP_DIRECTIVES as readonly string[]).includes(directive);
  return (
    `Content-Security-Policy blocked ${report.blocked} (${directive}) on ${pathOf(report.page)}: ` +
    (allowed ? `to allow it, add to ${whereToAdd(`serve: { csp: { '${directive}': ['${source}'] } }`, docusaurusConfig)}` : `${directive} is not one serve.csp extends`)
  );
}

/** Where the `serve` entry goes: the site config, or a Docusaurus config's `customFields.sitegen` (Docusaurus refuses unknown top-level keys). */
function whereToAdd(entry: string, docusaurusConfig: string | undefined): string {
  return docusaurusConfig ? `${docusaurusConfig} customFields: { sitegen: { ${entry} } }` : `the site config ${entry}`;
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url || 'a page';
  }
}
