// The flags of every Chromium sitegen starts: the diagrams' drawer (chromium.ts) and the browser tests
// (test/helpers/browser.ts). No sandbox (a container runs as root), no GPU, and nothing fetched, updated
// or synced behind the page's back (a build machine may have no network but the registry). The drawer's
// own (mermaid's module imported from its file, the network service in the browser process) are in
// chromium.ts: measured for a page that reads local files, not for the tests' pages served over http.
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Features that start pages a headless browser never shows: the omnibox's popup (a WebUI renderer
 * process for every browser window, loading chrome://omnibox-popup.top-chrome/ and its AI-mode page),
 * its preloading, and a spare renderer. Given to `--disable-features`, which Chromium reads once (the
 * last one given wins): a launcher that has its own list (playwright's) must give them in one switch.
 * Measured: the drawer, 1.3-1.9 s of CPU less per browser (chromium.ts); the browser tests, 0.6-1.3 s
 * less per window (a new page), 10:27-10:42 UTC.
 */
export const UNSHOWN_PAGE_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI', 'SpareRendererForSitePerProcess'];
