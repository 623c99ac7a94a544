// How long the number a countdown shows stays on screen: one second from when it was drawn. The first
// number of a page loaded from the server is drawn with its HTML, at the page's first paint, before
// the page's code runs: on a slow machine (or with a larger page to hydrate) the code comes much later,
// and a second counted from then lasted 1.6 s on screen. A number React draws (the next ones, or the
// first on a page reached by a client navigation) is on screen when its effect runs.

/** Milliseconds since the page's first contentful paint, on the clock of paint timings (0 when unknown). */
function sinceFirstPaint(): number {
  try {
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'paint', buffered: true });
    const paint = observer.takeRecords().find((e) => e.name === 'first-contentful-paint');
    observer.disconnect();
    const now = document.timeline?.currentTime;
    return paint && typeof now === 'number' ? Math.max(0, now - paint.startTime) : 0;
  } catch {
    return 0;
  }
}

/** The wait before the next step: a second from when the number now shown was drawn (`withServerHtml`: with the page's HTML). */
export function stepDelay(withServerHtml: boolean): number {
  return Math.max(0, 1000 - (withServerHtml ? sinceFirstPaint() : 0));
}
