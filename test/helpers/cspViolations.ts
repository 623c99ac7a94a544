import type { BrowserContext, Page } from 'playwright-core';

// The Content-Security-Policy violations of a page, as Chromium reports them to the page itself (its
// `securitypolicyviolation` events): the browser tests of `sitegen serve`'s headers (e2e/server/serve-csp and
// serve-csp-site) record them on every page of a context and read them after a visit.

/** Records the violations of every page `context` opens from now on (an init script; a page already
 *  open is not covered), each as `<directive> <blocked uri>`: 'script-src-elem inline'. */
export async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
}

/** The violations recorded on `page` so far (recordViolations on its context), in the order they came. */
export function violationsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}
