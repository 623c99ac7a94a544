// Drawing browsers kept between the builds of one process that builds many sites, when it asks for it
// (`keepBrowsers`: the test runner's workers, test/helpers/workerSetup.ts, for the builds of one test
// file); off otherwise, where the browser ends as its build is done (chromium.ts). Starting one is most
// of a browser's cost (Chromium's processes, mermaid's 3.5 MB script compiled: about 3 s of CPU on the
// two-core machine); the suite started 13 in its workers, mostly for builds a few seconds apart.
// A kept browser is idle between builds: it does not keep the process alive (`hold(false)`); it ends
// at `closeKeptBrowsers`, or with the process (CdpPipe's 'exit' hook; a browser whose pipe closes, as
// when its process is killed, ends by itself). It is kept by what it was started with (the executable
// and mermaid's config: mermaid is initialized once per page), and only when every drawing asked of it
// answered. What a page drew before does not change a drawing (svg.ts renames the ids mermaid counts).
import type { Drawer } from './types.js';

/** A browser that can be kept: the drawer, whether it still runs, and whether it holds its process alive. */
export interface KeptBrowser extends Drawer {
  alive(): boolean;
  hold(on: boolean): void;
}

let most = 0;
/** The idle browsers, least recently kept first. */
const idle: { key: string; browser: KeptBrowser }[] = [];

/** From now on, keeps up to `count` idle browsers in this process between builds (2: the two mermaid configs of the suite's fixtures). */
export function keepBrowsers(count = 2): void {
  most = count;
}

/** Ends the idle browsers (each as a build's would end, its folder removed); browsers stay kept from then on. */
export async function closeKeptBrowsers(): Promise<void> {
  await Promise.all(idle.splice(0).map(({ browser }) => browser.close()));
}

/**
 * A drawer for `key`: an idle browser started with the same key, or `start()`'s. Its `close` keeps the
 * browser (once it is ready) when browsers are kept, and ends it otherwise.
 */
export function lendBrowser(key: string, start: () => KeptBrowser): Drawer {
  if (!most) return start();
  const browser = take(key) ?? start();
  let failed = false;
  let returned = false;
  return {
    ready: browser.ready,
    draw: (diagrams) =>
      browser.draw(diagrams).catch((e: unknown) => {
        failed = true;
        throw e;
      }),
    close: async () => {
      if (returned) return;
      returned = true;
      if (failed) return browser.close();
      // One still starting is kept once ready (nothing waits for that); one that did not start ends.
      browser.ready.then(
        () => keep(key, browser),
        () => void browser.close(),
      );
    },
  };
}

function take(key: string): KeptBrowser | undefined {
  for (let i = idle.length - 1; i >= 0; i--) {
    if (idle[i].key !== key) continue;
    const [{ browser }] = idle.splice(i, 1);
    if (!browser.alive()) {
      void browser.close();
      continue;
    }
    browser.hold(true);
    return browser;
  }
  return undefined;
}

function keep(key: string, browser: KeptBrowser): void {
  if (!browser.alive() || !most) return void browser.close();
  browser.hold(false);
  idle.push({ key, browser });
  while (idle.length > most) void idle.shift()!.browser.close();
}
