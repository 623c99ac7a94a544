// The flags of every Chromium sitegen starts: the diagrams' drawer (chromium.ts) and the browser tests
// (test/helpers/browser.ts). No sandbox (a container runs as root), no GPU, and nothing fetched, updated
// or synced behind the page's back (a build machine may have no network but the registry).
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
